import { exceptionStep } from './exception-step';

/** POST …/exceptions/{id}/write-off: proposed with a reason; a different operator decides. */
export const useProposeWriteOff = exceptionStep('write-off', ({ reason }: { id: string; reason: string }) => ({ path: 'write-off', body: { reason } }));
