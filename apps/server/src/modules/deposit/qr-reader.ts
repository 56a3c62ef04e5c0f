import os from 'node:os';
import { Piscina } from 'piscina';

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
    filename: new URL('./qr-reader.worker.mjs', import.meta.url).href,
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
