import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting, lets in-flight requests finish, then closes. Fastify closes only connections
 * idle when close starts; one that turns idle later (a keep-alive client) would hold shutdown
 * for the whole keep-alive timeout, so idle ones are swept while waiting, and anything left
 * after `graceMs` is cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
