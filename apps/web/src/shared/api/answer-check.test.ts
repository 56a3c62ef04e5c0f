import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerCheck, AnswerChecked } from './answer-check';
import { checkAgainstSchema } from './check-against-schema';
import { errorText } from './messages';

/**
 * A browser's worker, played in this thread: each message is answered as the worker file answers
 * it (checkAgainstSchema), a moment later; `failToLoad` plays a worker file that never loads.
 */
class PlayedWorker {
  static made: PlayedWorker[] = [];
  static failToLoad = false;
  onmessage: ((event: MessageEvent<AnswerChecked>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  received: AnswerCheck[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options: WorkerOptions,
  ) {
    PlayedWorker.made.push(this);
  }
  postMessage(message: AnswerCheck) {
    this.received.push(message);
    setTimeout(() => {
      if (PlayedWorker.failToLoad) this.onerror?.(new Event('error', { cancelable: true }));
      else this.onmessage?.(new MessageEvent('message', { data: checkAgainstSchema(structuredClone(message)) }));
    }, 1);
  }
  terminate() {
    this.terminated = true;
  }
}

/** answer-check.ts as a visit starts it: no worker yet. */
async function freshChecks(worker: unknown) {
  vi.resetModules();
  PlayedWorker.made = [];
  vi.stubGlobal('Worker', worker);
  return import('./answer-check');
}

afterEach(() => {
  vi.unstubAllGlobals();
  PlayedWorker.failToLoad = false;
  delete window.earlyReads;
});

describe('answers checked on a worker thread', () => {
  it('starts one module worker for the visit and gives back the answer as its schema parses it', async () => {
    const { checkAnswer } = await freshChecks(PlayedWorker);
    await expect(checkAnswer('spinActiveResponse', { isActive: true, unnamed: 'dropped' })).resolves.toEqual({ isActive: true });
    await expect(checkAnswer('spinActiveResponse', { isActive: false })).resolves.toEqual({ isActive: false });
    expect(PlayedWorker.made).toHaveLength(1);
    expect(PlayedWorker.made[0]!.options.type).toBe('module');
    expect(PlayedWorker.made[0]!.received.map((message) => message.name)).toEqual(['spinActiveResponse', 'spinActiveResponse']);
  });

  it("takes the worker /user/home's page started, once, instead of starting another", async () => {
    const { checkAnswer } = await freshChecks(PlayedWorker);
    const started = new PlayedWorker('/assets/answer-check.worker-abc.js', { type: 'module' });
    window.earlyReads = { token: 'abc', answers: {}, worker: started as unknown as Worker };
    await expect(checkAnswer('spinActiveResponse', { isActive: true })).resolves.toEqual({ isActive: true });
    await expect(checkAnswer('spinActiveResponse', { isActive: false })).resolves.toEqual({ isActive: false });
    expect(PlayedWorker.made).toEqual([started]);
    expect(started.received).toHaveLength(2);
    expect(window.earlyReads.worker).toBeNull();
  });

  it('refuses an answer that does not match, as a failed call the member is told of', async () => {
    const { checkAnswer, AnswerInvalidError } = await freshChecks(PlayedWorker);
    const refused = checkAnswer('spinActiveResponse', { isActive: 'yes' });
    await expect(refused).rejects.toBeInstanceOf(AnswerInvalidError);
    await expect(refused).rejects.toThrow(/spinActiveResponse/);
    expect(errorText(i18n.t.bind(i18n), await refused.catch((error: unknown) => error))).toBe(i18n.t('errors.INTERNAL_SERVER_ERROR'));
  });

  it('answers each call with its own answer when several are checked at once', async () => {
    const { checkAnswer } = await freshChecks(PlayedWorker);
    const [first, second, third] = await Promise.allSettled([
      checkAnswer('spinActiveResponse', { isActive: true }),
      checkAnswer('realityCheckResponse', { intervalMinutes: 30 }),
      checkAnswer('spinActiveResponse', { isActive: 1 }),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: { isActive: true } });
    expect(second).toEqual({ status: 'fulfilled', value: { intervalMinutes: 30 } });
    expect(third.status).toBe('rejected');
  });

  it('checks on this thread, waiting answers and later ones, when the worker file does not load', async () => {
    const { checkAnswer } = await freshChecks(PlayedWorker);
    PlayedWorker.failToLoad = true;
    await expect(checkAnswer('spinActiveResponse', { isActive: true, unnamed: 1 })).resolves.toEqual({ isActive: true });
    expect(PlayedWorker.made[0]!.terminated).toBe(true);
    await expect(checkAnswer('spinActiveResponse', { isActive: 'no' })).rejects.toThrow();
    await expect(checkAnswer('realityCheckResponse', { intervalMinutes: 15 })).resolves.toEqual({ intervalMinutes: 15 });
    expect(PlayedWorker.made).toHaveLength(1);
    expect(PlayedWorker.made[0]!.received).toHaveLength(1);
  });

  it('checks on this thread where there are no workers', async () => {
    const { checkAnswer } = await freshChecks(undefined);
    await expect(checkAnswer('spinActiveResponse', { isActive: true, unnamed: 1 })).resolves.toEqual({ isActive: true });
    await expect(checkAnswer('spinActiveResponse', {})).rejects.toThrow();
  });
});
