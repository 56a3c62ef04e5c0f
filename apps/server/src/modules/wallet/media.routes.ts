import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { App } from '../../http/types.js';
import { findProviderArt } from './wallet.repository.js';

const DATA_URL = /^data:image\/svg\+xml;utf8,(.*)$/s;

// Art changes only when an operator edits a provider: each drawing's version is hashed once, not on
// every wallet read (it was 2 % of the money bench's API time).
const artVersions = new Map<string, string>();

/** A provider's art as a cacheable URL; the version changes whenever the art does. */
export function providerArtUrl(code: string, kind: 'logo' | 'background', art: string): string {
  let version = artVersions.get(art);
  if (version === undefined) {
    if (!DATA_URL.test(art)) return art; // already an address (a real provider's CDN)
    version = crypto.createHash('sha256').update(art).digest('base64url').slice(0, 10);
    if (artVersions.size >= 500) artVersions.clear();
    artVersions.set(art, version);
  }
  return `/media/providers/${code}/${kind}.svg?v=${version}`;
}

/** Serves the drawn provider art so the wallet answer stays small and images are cached. */
export function registerProviderMedia(app: App, db: Db): void {
  app.get(
    '/media/providers/:code/:kind.svg',
    { schema: { hide: true, params: z.object({ code: z.string().regex(/^[A-Z0-9]{1,20}$/), kind: z.enum(['logo', 'background']) }) } },
    async (request, reply) => {
      const row = await findProviderArt(db, request.params.code);
      const match = row ? DATA_URL.exec(row[request.params.kind]) : null;
      if (!match) return reply.status(404).send({ message: 'NO_DATA' });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(decodeURIComponent(match[1]!));
    },
  );
}
