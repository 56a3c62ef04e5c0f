import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { SERVER_ROOT } from '../../server-root.js';

/** What a thread answers: the QR's text, and the pixels it was given, moved back. */
type QrAnswer = { text: string | null; pixels: ArrayBuffer };

export interface QrReader {
  /** The text of the QR in an RGBA image, or null when none can be read. The caller keeps its pixels. */
  read(image: { data: Uint8Array; width: number; height: number }): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Reading a QR is the one long stretch of JavaScript in a slip's check: it runs on a pool of worker
 * threads, one per core, started on the first slip and stopped after a minute without one, so the
 * event loop keeps answering every other call meanwhile.
 */
export function createQrReader(threads = os.availableParallelism()): QrReader {
  const pool = new Piscina({
    filename: path.join(SERVER_ROOT, 'src', 'modules', 'deposit', 'qr-reader.worker.mjs'),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // The reader is plain JavaScript: a TypeScript loader the node was started with (`--import tsx`)
    // would load, in each thread, the node's own entry again.
    execArgv: [],
  });
  // A thread takes its own copy of the pixels and hands the copy back with its answer, to be filled
  // again: the first touches of a new buffer of 3–16 MB cost the event loop more than the copy into
  // it (for a 720×1200 slip, 5.5 ms a read with a new buffer each time, 0.9 ms with one used again).
  const spare: ArrayBuffer[] = [];
  const bufferOf = (length: number) => {
    const at = spare.findIndex((buffer) => buffer.byteLength === length);
    return at === -1 ? new ArrayBuffer(length) : spare.splice(at, 1)[0]!;
  };
  return {
    async read({ data, width, height }) {
      const copy = new Uint8Array(bufferOf(data.length));
      copy.set(data);
      const { text, pixels } = (await pool.run({ data: new Uint8ClampedArray(copy.buffer), width, height }, { transferList: [copy.buffer] })) as QrAnswer;
      // As many as the threads can hold at once, the latest kept.
      if (spare.length === threads) spare.shift();
      spare.push(pixels);
      return text;
    },
    close: () => pool.close({ force: false }),
  };
}
