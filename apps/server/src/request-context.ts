import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What caused the work under way: the HTTP request's id (the `reqId` of its log lines, the
 * `x-request-id` of its answer) or a background job run's id. The ledger and the audit trail record
 * it beside what they write, without every service passing it along (docs/adr/0339).
 */
const cause = new AsyncLocalStorage<string>();

/** Runs `work`, and everything it goes on to start, as caused by `id`. */
export function runCausedBy<T>(id: string, work: () => T): T {
  return cause.run(id, work);
}

/** The id of the request or job run the current work belongs to; null outside any. */
export function currentRequestId(): string | null {
  return cause.getStore() ?? null;
}
