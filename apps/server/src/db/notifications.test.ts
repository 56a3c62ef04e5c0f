import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type ListeningClient, listenWithReconnect } from './notifications.js';

/** A stand-in for pg.Client: the test connects, notifies and breaks it. */
class FakeClient extends EventEmitter implements ListeningClient {
  queries: string[] = [];
  ended = false;
  constructor(private readonly refuse: boolean) {
    super();
  }
  async connect() {
    if (this.refuse) throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    this.ended = true;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('listening on a database channel', () => {
  it('survives a lost connection: reports it, reconnects, listens again and says what may have been missed', async () => {
    const clients: FakeClient[] = [];
    // The second attempt fails (the database still restarting); the first and third connect.
    const connect = () => {
      const client = new FakeClient(clients.length === 1);
      clients.push(client);
      return client;
    };
    const messages: string[] = [];
    const errors: unknown[] = [];
    let resumed = 0;
    const stop = await listenWithReconnect(connect, 'wallet_revocations_public', { message: (payload) => messages.push(payload), resumed: () => (resumed += 1), error: (error) => errors.push(error) }, { firstMs: 10, maxMs: 40 });
    expect(clients[0]!.queries).toEqual(['LISTEN "wallet_revocations_public"']);
    clients[0]!.emit('notification', { channel: 'wallet_revocations_public', payload: 'one' });
    clients[0]!.emit('notification', { channel: 'another', payload: 'not ours' });

    // The server goes away: an 'error' event with a listener, so nothing is thrown at the process.
    clients[0]!.emit('error', new Error('terminating connection due to administrator command'));
    clients[0]!.emit('end');
    await sleep(150);
    expect(clients.length).toBe(3);
    expect(clients[2]!.queries).toEqual(['LISTEN "wallet_revocations_public"']);
    expect(resumed).toBe(1);
    expect(errors.map((error) => (error as Error).message)).toEqual(['terminating connection due to administrator command', 'connection refused']);
    clients[2]!.emit('notification', { channel: 'wallet_revocations_public', payload: 'two' });
    expect(messages).toEqual(['one', 'two']);

    await stop();
    expect(clients[2]!.ended).toBe(true);
    clients[2]!.emit('end');
    await sleep(60);
    expect(clients.length).toBe(3);
  });
});
