import { exceptionStep } from './exception-step';

/** POST …/exceptions/{id}/notes: a note kept with the exception, named with its writer. */
export const useAddExceptionNote = exceptionStep('note', ({ note }: { id: string; note: string }) => ({ path: 'notes', body: { note } }));
