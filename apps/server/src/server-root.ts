import { fileURLToPath } from 'node:url';

/**
 * The server's folder (apps/server/), where its migrations, database functions and the built apps
 * beside it are found. Read from this file's place, one level down, which is the same from the
 * sources (src/) and from the bundle `npm start` runs (dist/).
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
