import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { SERVER_ROOT } from '../../server-root.js';

export interface QrReader {
  /** The text of the QR in an RGBA image, or null when none can be read. The pixels move to the reader. */
  read(image: { data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }): Promise<string | null>;
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
  return {
    read: ({ data, width, height }) => pool.run({ data, width, height }, { transferList: [data.buffer] }) as Promise<string | null>,
    close: () => pool.close({ force: false }),
  };
}
