import { exceptionStep } from './exception-step';

/** POST …/exceptions/{id}/assign: to an operator by username, or to no one (null). */
export const useAssignException = exceptionStep('assign', ({ assignee }: { id: string; assignee: string | null }) => ({ path: 'assign', body: { assignee } }));
