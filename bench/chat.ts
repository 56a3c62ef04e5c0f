// The chat phase of `npm run bench`: how many connected sockets one node holds with
// p99 delivery under 100 ms, and messages per second through the Redis adapter across two nodes.
import { type Socket, io } from 'socket.io-client';

const PREFIX = 'wallet-chat-';

export interface ChatFigures {
  sockets: number;
  connectSeconds: number;
  deliveries: number;
  p50: number;
  p99: number;
  lost: number;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

/** Connects `count` members' sockets to a node, each joined to its own room (SPEC §7). */
async function connectMembers(url: string, tokens: string[], memberIds: string[], count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 200;
  for (let start = 0; start < count; start += batch) {
    const group = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
        const index = start + offset;
        const socket = io(url, { path: '/socket.io', auth: { token: tokens[index] }, transports: ['websocket'], reconnection: false });
        return new Promise<Socket>((resolve, reject) => {
          socket.once('connect_error', reject);
          socket.once('connect', () => {
            socket.timeout(30_000).emit('join', `${PREFIX}${memberIds[index]}`, (error: Error | null, answer?: { ok: boolean }) => (error || !answer?.ok ? reject(error ?? new Error('join refused')) : resolve(socket)));
          });
        });
      }),
    );
    sockets.push(...group);
  }
  return sockets;
}

/**
 * Members send through one node's HTTP API while their sockets (on another node, or the same) wait
 * for their own message to come back: the time from send to arrival is the delivery time. Sends go
 * `concurrency` at a time (throughput), or at `ratePerSecond` (latency at a steady chat load).
 */
async function measureDeliveries(sendUrl: string, sockets: Socket[], tokens: string[], messages: number, pace: { concurrency: number } | { ratePerSecond: number }) {
  const times: number[] = [];
  let lost = 0;
  let next = 0;
  const started = Date.now();
  async function deliverOne(index: number, sequence: number) {
    const socket = sockets[index]!;
    const text = `bench ${index} ${sequence}`;
    const sent = performance.now();
    const arrived = new Promise<number>((resolve) => {
      const timer = setTimeout(() => {
        socket.off('messaging', listener);
        resolve(-1);
      }, 5_000);
      const listener = (item: { message: { payload: unknown } }) => {
        if (item.message.payload !== text) return;
        clearTimeout(timer);
        socket.off('messaging', listener);
        resolve(performance.now() - sent);
      };
      socket.on('messaging', listener);
    });
    const response = await fetch(`${sendUrl}/api/chat/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[index]}`, 'x-client': 'wallet-user' },
      body: JSON.stringify({ message: { message_type: 'text', payload: text } }),
    });
    const took = await arrived;
    if (!response.ok || took < 0) lost += 1;
    else times.push(took);
  }
  if ('concurrency' in pace) {
    const worker = async () => {
      while (next < messages) {
        const sequence = next++;
        await deliverOne(sequence % sockets.length, sequence);
      }
    };
    await Promise.all(Array.from({ length: pace.concurrency }, worker));
  } else {
    const sends: Promise<void>[] = [];
    for (let sequence = 0; sequence < messages; sequence += 1) {
      const due = started + (sequence * 1000) / pace.ratePerSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      sends.push(deliverOne(sequence % sockets.length, sequence));
    }
    await Promise.all(sends);
  }
  const elapsed = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { deliveries: times.length, p50: Math.round(percentile(times, 0.5)), p99: Math.round(percentile(times, 0.99)), lost, perSecond: times.length / elapsed };
}

/** One node: `count` sockets connected, then deliveries measured among them. */
export async function chatOnOneNode(url: string, tokens: string[], memberIds: string[], count: number): Promise<ChatFigures> {
  const begun = Date.now();
  const sockets = await connectMembers(url, tokens, memberIds, count);
  const connectSeconds = (Date.now() - begun) / 1000;
  try {
    // A steady chat load (50 messages a second among all members); each member sends at most once,
    // within the flood limit of 30 a minute per sender.
    const figures = await measureDeliveries(url, sockets, tokens, Math.min(count, 1_500), { ratePerSecond: 50 });
    const result = { sockets: sockets.length, connectSeconds, ...figures };
    console.log(`chat, one node: ${result.sockets} sockets connected in ${connectSeconds.toFixed(1)} s; ${result.deliveries} deliveries at 50/s, p50 ${result.p50} ms, p99 ${result.p99} ms, lost ${result.lost}`);
    return result;
  } finally {
    for (const socket of sockets) socket.close();
  }
}

/**
 * Two nodes over Redis: members send on node A, their sockets are on node B. Delivery time at the
 * steady chat load of the one-node figure (50 messages a second), then how many messages a second
 * cross at 64 sends at a time; at that saturation a delivery's time is mostly its wait in line
 * (64 in flight over the rate), which is why the latency goal is read at the steady load.
 */
export async function chatAcrossNodes(urlA: string, urlB: string, tokens: string[], memberIds: string[], count: number) {
  const sockets = await connectMembers(urlB, tokens, memberIds, count);
  try {
    // The adapter's stream reader starts with the node; let both be reading.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Each member sends twice in all, within the flood limit of 30 a minute per sender.
    const steady = await measureDeliveries(urlA, sockets, tokens, Math.min(count, 1_000), { ratePerSecond: 50 });
    console.log(`chat, two nodes over Redis: ${steady.deliveries} deliveries at 50/s, p50 ${steady.p50} ms, p99 ${steady.p99} ms, lost ${steady.lost}`);
    const saturated = await measureDeliveries(urlA, sockets, tokens, count, { concurrency: 64 });
    console.log(`chat, two nodes over Redis: ${saturated.perSecond.toFixed(0)} messages/s delivered across nodes at 64 at a time, p50 ${saturated.p50} ms, p99 ${saturated.p99} ms, lost ${saturated.lost}`);
    return { steady, saturated };
  } finally {
    for (const socket of sockets) socket.close();
  }
}
