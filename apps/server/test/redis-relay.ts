import net from 'node:net';

/**
 * A TCP relay to the real Redis that the test can cut and restore on the same port: Redis "dies"
 * mid-run for the nodes behind it and comes back, without touching the Redis others share.
 */
export async function redisRelay(target = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const clientSockets = new Set<net.Socket>();
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        clientSockets.add(client);
        client.on('close', () => clientSockets.delete(client));
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server!.close(() => resolve());
    });
  await open();
  /** Connections from clients still open through the relay. */
  const clients = () => clientSockets.size;
  return { url: `redis://127.0.0.1:${port}`, cut, restore: open, clients };
}
