/**
 * Wraps an operator decision so that a second press while the first call is on its way joins that
 * call instead of sending another: a double click decides once and reads as one success, never as a
 * success followed by a refusal.
 */
export function joinInFlight<Args, Result>(keyOf: (args: Args) => string, call: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  const inFlight = new Map<string, Promise<Result>>();
  return (args) => {
    const key = keyOf(args);
    const running = inFlight.get(key);
    if (running) return running;
    const started = call(args).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
