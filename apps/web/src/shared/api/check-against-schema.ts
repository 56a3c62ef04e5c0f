import * as schemas from './answer-schemas';
import type { AnswerCheck, AnswerChecked } from './answer-check';

/** One answer checked against the contract's schema of its name: what the worker thread does with each. */
export function checkAgainstSchema({ id, name, body }: AnswerCheck): AnswerChecked {
  const result = schemas[name].safeParse(body);
  return result.success ? { id, ok: true, data: result.data } : { id, ok: false, problem: result.error.message };
}
