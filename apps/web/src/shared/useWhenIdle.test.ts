import { afterEach, describe, expect, it, vi } from 'vitest';

/** The idle queue as a page starts it: empty. */
async function freshQueue() {
  vi.resetModules();
  return import('./useWhenIdle');
}

/** A job that finishes only when told to. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

afterEach(() => vi.unstubAllGlobals());

describe('what waits for an idle moment', () => {
  it('runs jobs in the order they came, one per idle moment, each after the one before has finished', async () => {
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idleCallbacks.push(run));
    const { whenIdle } = await freshQueue();
    const ran: string[] = [];
    const first = pending();
    whenIdle(() => {
      ran.push('first');
      return first.done;
    });
    whenIdle(() => void ran.push('second'));
    whenIdle(() => void ran.push('third'));
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks.shift()!();
    await vi.waitFor(() => expect(ran).toEqual(['first']));
    // The second waits for the first to finish, and then for an idle moment of its own.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleCallbacks).toHaveLength(0);
    first.finish();
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));
    expect(ran).toEqual(['first']);
    idleCallbacks.shift()!();
    await vi.waitFor(() => expect(ran).toEqual(['first', 'second']));
    await vi.waitFor(() => expect(idleCallbacks).toHaveLength(1));
    idleCallbacks.shift()!();
    await vi.waitFor(() => expect(ran).toEqual(['first', 'second', 'third']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleCallbacks).toHaveLength(0);
  });

  it('goes on past a job that fails, and leaves out a job taken back before its turn', async () => {
    const { whenIdle } = await freshQueue();
    const ran: string[] = [];
    whenIdle(() => Promise.reject(new Error('a chunk that did not load')));
    const takeBack = whenIdle(() => void ran.push('taken back'));
    whenIdle(() => void ran.push('last'));
    takeBack();
    await vi.waitFor(() => expect(ran).toEqual(['last']));
  });
});
