import { createAdapter } from '@socket.io/redis-streams-adapter';
import { CHAT } from '@wallet/contract';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { App } from '../../http/types.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { GuestIds } from './guest-ids.js';
import { type ChatHub, customerRoom } from './chat.service.js';

const AGENTS_ROOM = 'agents';
/**
 * Who a socket is, kept in `socket.data`: strings only, because with connection-state recovery the
 * Redis adapter stores it (msgpack, which cannot write a bigint: a member id as a bigint crashed the
 * node when a phone's connection dropped).
 */
type Identity = { kind: 'customer'; room: string; roomName: string } | { kind: 'agent'; username: string };

interface SocketDeps {
  prefix: string;
  guests: GuestIds;
  members: Pick<AuthService, 'authenticate'>;
  operators: Pick<AdminService, 'authenticate'>;
  redisUrl: string | undefined;
  keyPrefix: string;
}

/**
 * The realtime side of chat (issue 14 §1): socket.io on the server's own port. A socket says who it
 * is in its handshake (a member's token, a guest's id, or an agent's token); a customer may join one
 * room only, SPEC §7's PREFIX + their id; agents are in the agents' room. With `REDIS_URL`, the Redis
 * Streams adapter carries every event to every node, and keeps connection-state recovery working.
 */
export function attachChatSocket(app: App, deps: SocketDeps): ChatHub {
  const redis = deps.redisUrl ? new Redis(deps.redisUrl, { maxRetriesPerRequest: null }) : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'chat adapter redis unavailable'));
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // A dropped phone connection gets what it missed on reconnect (the sequence numbers cover longer gaps).
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
    ...(redis ? { adapter: createAdapter(redis, { streamName: `${deps.keyPrefix}chat`, channelPrefix: `${deps.keyPrefix}chat`, sessionKeyPrefix: `${deps.keyPrefix}chat:session:` }) } : {}),
  });
  app.addHook('onClose', async () => {
    await io.close();
    redis?.disconnect();
  });

  async function identify(auth: Record<string, unknown>, address: string): Promise<Identity> {
    if (typeof auth.operatorToken === 'string') {
      // The socket's peer, not TRUST_PROXY's client: a socket audits nothing, only the username is kept.
      const agent = await deps.operators.authenticate(auth.operatorToken, address);
      if (!agent.roles.some((role) => role === 'admin' || role === 'support')) throw new Error('UNAUTHORIZED');
      return { kind: 'agent', username: agent.username };
    }
    if (typeof auth.token === 'string') {
      const member = await deps.members.authenticate(auth.token);
      return { kind: 'customer', room: customerRoom({ kind: 'member', memberId: member.memberId }), roomName: `${deps.prefix}${member.memberId}` };
    }
    const guestKey = deps.guests.verify(auth.guestId);
    if (!guestKey) throw new Error('UNAUTHORIZED');
    return { kind: 'customer', room: customerRoom({ kind: 'guest', guestKey }), roomName: `${deps.prefix}${auth.guestId as string}` };
  }

  io.use((socket, next) => {
    identify(socket.handshake.auth, socket.handshake.address)
      .then((identity) => {
        socket.data.identity = identity;
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });

  io.on('connection', (socket: Socket) => {
    const identity = socket.data.identity as Identity;
    if (identity.kind === 'agent') void socket.join(AGENTS_ROOM);
    socket.on(CHAT.events.join, (room: unknown, ack?: (answer: { ok: boolean }) => void) => {
      const allowed = identity.kind === 'customer' && room === identity.roomName;
      if (allowed) void socket.join(identity.room);
      if (typeof ack === 'function') ack({ ok: allowed });
    });
    socket.on(CHAT.events.typing, (event: unknown) => {
      if (identity.kind === 'customer') socket.to(AGENTS_ROOM).emit(CHAT.events.typing, { room: identity.room });
      else {
        const room = typeof event === 'object' && event !== null ? (event as { room?: unknown }).room : undefined;
        if (typeof room === 'string' && /^(member|guest):[0-9a-f]+$/.test(room)) io.to(room).emit(CHAT.events.typing, { agent: identity.username });
      }
    });
  });

  return {
    toCustomer: (room, event, data) => void io.to(room).emit(event, data),
    toAgents: (event, data) => void io.to(AGENTS_ROOM).emit(event, data),
  };
}
