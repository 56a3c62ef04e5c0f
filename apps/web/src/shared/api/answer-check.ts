import type * as schemas from './answer-schemas';

export type AnswerName = keyof typeof schemas;
/** An answer as the app reads it: what its schema gives back. */
export type Answer<Name extends AnswerName> = ReturnType<(typeof schemas)[Name]['parse']>;
/** To the worker: an answer to check against the schema of that name. */
export interface AnswerCheck {
  id: number;
  name: AnswerName;
  body: unknown;
}
/** From the worker: the answer as parsed, or what was wrong with it. */
export type AnswerChecked = { id: number; ok: true; data: unknown } | { id: number; ok: false; problem: string };

/** An answer that does not match its schema: refused as zod's parse would refuse it (the app shows its error). */
export class AnswerInvalidError extends Error {
  constructor(name: string, problem: string) {
    super(`${name}: ${problem}`);
    this.name = 'AnswerInvalidError';
  }
}

interface Waiting {
  name: AnswerName;
  body: unknown;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

const inThread = (name: AnswerName, body: unknown): Promise<unknown> => import('./answer-schemas').then((loaded) => loaded[name].parse(body));

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/**
 * The worker that checks answers, started by the first call of a visit (beside its request). Where
 * there is none (a browser without module workers, the screen tests' DOM) or it cannot start, answers
 * are checked on this thread, as they were before.
 */
function answerWorker(): Worker | null {
  if (worker !== undefined) return worker;
  // The one /user/home's page started (public/early-reads.js), taken once; else a new one.
  const started = window.earlyReads?.worker;
  if (started) window.earlyReads!.worker = null;
  if (!started && typeof Worker === 'undefined') return (worker = null);
  try {
    worker = started ?? new Worker(new URL('./answer-check.worker.ts', import.meta.url), { type: 'module', name: 'answer-check' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = ({ data }: MessageEvent<AnswerChecked>) => {
    const call = waiting.get(data.id);
    if (!call) return;
    waiting.delete(data.id);
    if (data.ok) call.resolve(data.data);
    else call.reject(new AnswerInvalidError(call.name, data.problem));
  };
  // The worker's file did not load (the network dropped, an old version's file gone): every answer
  // waiting and every later one is checked here instead.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const call of waiting.values()) inThread(call.name, call.body).then(call.resolve, call.reject);
    waiting.clear();
  };
  return worker;
}

/** Checks an answer against its schema, on the worker when there is one. */
export function checkAnswer<Name extends AnswerName>(name: Name, body: unknown): Promise<Answer<Name>> {
  const checker = answerWorker();
  if (!checker) return inThread(name, body) as Promise<Answer<Name>>;
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { name, body, resolve: resolve as (data: unknown) => void, reject });
    checker.postMessage({ id, name, body } satisfies AnswerCheck);
  });
}

/** Starts the worker ahead of the first answer (its file loads while the request is on its way). */
export const startAnswerChecks = (): void => void answerWorker();
