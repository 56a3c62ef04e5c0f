import type { ChildProcess } from 'node:child_process';

/** Resolves with the started server once its /readyz answers, or fails after `timeoutMs`. */
export function whenReady(child: ChildProcess, port: number, timeoutMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false)) return resolve(child);
      if (Date.now() - started > timeoutMs) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}
