/** An answer as public/early-reads.js keeps it; null when the server was not reached. */
interface EarlyAnswer {
  status: number;
  ok: boolean;
  payload: unknown;
  retryAfter: string | null;
}

interface Window {
  /**
   * What /user/home's page started before the app's code arrived (public/early-reads.js): home's
   * first reads, for the session it found, and the answers' checking worker.
   */
  earlyReads?: { token: string | null; answers: Partial<Record<string, Promise<EarlyAnswer | null>>>; worker: Worker | null };
}
