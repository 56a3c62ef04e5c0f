import { exceptionStep } from './exception-step';

/** POST …/exceptions/{id}/write-off/decision: a second operator approves or rejects (the proposer is refused, 403 FOUR_EYES). */
export const useDecideWriteOff = exceptionStep('write-off-decision', ({ approve, note }: { id: string; approve: boolean; note?: string }) => ({
  path: 'write-off/decision',
  body: note ? { approve, note } : { approve },
}));
