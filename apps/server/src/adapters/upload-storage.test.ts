import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFolderStorage } from './upload-storage.js';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the upload folder', () => {
  it('keeps a file under its key, in a folder made on its first file, and a second put replaces it', async () => {
    const storage = createFolderStorage(root);
    await storage.put('slips/first.jpg', Buffer.from('one'));
    await storage.put('slips/second.jpg', Buffer.from('two'));
    await storage.put('slips/first.jpg', Buffer.from('one again'));
    expect(await storage.get('slips/first.jpg')).toEqual(Buffer.from('one again'));
    expect(await storage.get('slips/second.jpg')).toEqual(Buffer.from('two'));
    expect(await storage.get('slips/never.jpg')).toBeNull();
    expect((await fs.readdir(path.join(root, 'slips'))).sort()).toEqual(['first.jpg', 'second.jpg']);
  });

  it('flushes the folder after the rename, so the new name survives a power cut', async () => {
    const storage = createFolderStorage(root);
    await storage.put('slips/made.jpg', Buffer.from('folder made'));
    const open = vi.spyOn(fs, 'open');
    await storage.put('slips/named.jpg', Buffer.from('named'));
    const folder = path.join(root, 'slips');
    expect(open.mock.calls.map(([file, flags]) => [String(file), flags])).toEqual([
      [expect.stringMatching(/named\.jpg\.[0-9a-f]+\.part$/), 'w'],
      [folder, 'r'],
    ]);
  });

  it('leaves nothing behind when a file cannot be written', async () => {
    const storage = createFolderStorage(root);
    const notBytes = Symbol('not bytes') as unknown as Buffer;
    await expect(storage.put('slips/broken.jpg', notBytes)).rejects.toThrow();
    expect(await storage.get('slips/broken.jpg')).toBeNull();
    expect(await fs.readdir(path.join(root, 'slips'))).toEqual([]);
  });

  it('refuses a key that could leave its folder', async () => {
    const storage = createFolderStorage(root);
    await expect(storage.put('slips/../../etc.jpg', Buffer.from('x'))).rejects.toThrow('unsafe storage key');
    await expect(storage.get('../secret.jpg')).rejects.toThrow('unsafe storage key');
  });
});
