import { useEffect, useState } from 'react';

type Job = () => unknown;

const waiting: Job[] = [];
let scheduled = false;

const onIdle = (run: () => void, timeoutMs: number): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs });
  else window.setTimeout(run, 1);
};

function schedule(timeoutMs: number): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  onIdle(() => {
    const job = waiting.shift();
    // The next job waits for this one (a chunk's download and evaluation) and then for the next idle moment.
    void Promise.resolve()
      .then(job)
      .catch(() => undefined)
      .finally(() => {
        scheduled = false;
        schedule(timeoutMs);
      });
  }, timeoutMs);
}

/**
 * Runs `job` once the browser has drawn and has a moment to spare, one job per idle moment and each
 * after the one before has finished (its promise settled): what nobody needs on the first paint
 * (the toaster, the overlays' code, the service worker) then comes as several short tasks, not one
 * long one that a tap would wait behind. Returns a function that takes the job back if it has not run.
 */
export function whenIdle(job: Job, timeoutMs = 1500): () => void {
  waiting.push(job);
  schedule(timeoutMs);
  return () => {
    const index = waiting.indexOf(job);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/** True once this component's turn in the idle queue (whenIdle) has come. */
export function useWhenIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
