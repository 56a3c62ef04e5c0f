import type { AnswerCheck, AnswerChecked } from './answer-check';
import { checkAgainstSchema } from './check-against-schema';

/**
 * Checks the member app's answers against the contract's schemas on a thread of its own: zod, the
 * schemas' construction and every parse stay off the thread that draws the screens.
 */
// The DOM's typings describe a window; a worker's scope receives and posts messages without an origin.
const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<AnswerCheck>) => void) | null; postMessage(message: AnswerChecked): void };

scope.onmessage = ({ data }) => scope.postMessage(checkAgainstSchema(data));
