import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN §8: a shared volume or object storage, never only one
 * node's memory). This is the shared-volume kind: a folder every node mounts.
 */
export interface UploadStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createFolderStorage(root: string): UploadStorage {
  const locate = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = locate(key);
      const folder = path.dirname(target);
      // Written under another name and renamed: a reader never sees half a file, even after a crash.
      const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
      const handle = await fs.open(partial, 'w').catch(async (error: NodeJS.ErrnoException) => {
        // The folder is made on its first file, not asked after on every one.
        if (error.code !== 'ENOENT') throw error;
        await fs.mkdir(folder, { recursive: true });
        await syncFolder(path.dirname(folder));
        return fs.open(partial, 'w');
      });
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      // The new name is the folder's to keep: until the folder is flushed, a power cut could lose
      // the file whose key the database already holds.
      await syncFolder(folder);
    },
    async get(key) {
      try {
        return await fs.readFile(locate(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
