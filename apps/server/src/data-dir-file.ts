import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret kept beside the embedded database (never in it): the file `name` in `dataDir`, written
 * once with `contents()` when missing, readable by its owner only, and answered as it stands. Two
 * processes starting together keep whichever was written first.
 */
export function writtenOnce(dataDir: string, name: string, contents: () => string): { file: string; text: string } {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked: linking fails if another process got there first.
    const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    fs.writeFileSync(partial, contents(), { mode: 0o600 });
    try {
      fs.linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(partial);
    }
  }
  return { file, text: fs.readFileSync(file, 'utf8') };
}
