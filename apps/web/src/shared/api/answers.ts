import type { AnswerParser } from '@wallet/client-kit';
import { type Answer, type AnswerName, checkAnswer, startAnswerChecks } from './answer-check';

/**
 * An answer's parser by name, as a loader: the call starts its request and the checker together
 * (answer-check.ts: a worker thread with zod and the member app's schemas), and the answer is
 * checked once it is in. The first call of a visit starts the worker; every later one finds it.
 */
export const schemaOf =
  <Name extends AnswerName>(name: Name) =>
  (): Promise<AnswerParser<Answer<Name>>> => {
    startAnswerChecks();
    return Promise.resolve({ parse: (body: unknown) => checkAnswer(name, body) });
  };
