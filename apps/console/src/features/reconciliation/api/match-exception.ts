import { exceptionStep } from './exception-step';

/** POST …/exceptions/{id}/match: the other side was found by hand; the reason says where. */
export const useMatchException = exceptionStep('match', ({ reason }: { id: string; reason: string }) => ({ path: 'match', body: { reason } }));
