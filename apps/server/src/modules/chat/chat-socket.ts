import { createAdapter } from '@socket.io/redis-streams-adapter';
import { CHAT, type OperatorRole } from '@wallet/contract';
import { Redis, type RedisOptions } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { closeRedis } from '../../adapters/redis-close.js';
import type { Core } from '../../core.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Revocation, RevocationBus } from '../auth/revocation-bus.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { GuestIds } from './guest-ids.js';
import { type ChatHub, customerRoom } from './chat.service.js';

const AGENTS_ROOM = 'agents';
const CHAT_ROLES: readonly OperatorRole[] = ['admin', 'support'];
/** setTimeout's longest delay; a later expiry is re-armed when it fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** A revocation this recent is checked again against a socket that finished its handshake meanwhile. */
const HANDSHAKE_RACE_MS = 60_000;

/** The session a socket was opened with, and when its token expires (ms). */
interface Signed {
  sessionId: string;
  expiresAt: number;
}
/**
 * Who a socket is, kept in `socket.data`: strings and numbers only, because with connection-state
 * recovery the Redis adapter stores it (msgpack, which cannot write a bigint: a member id as a
 * bigint crashed the node when a phone's connection dropped).
 */
type Identity =
  | { kind: 'customer'; room: string; roomName: string; member?: Signed & { memberId: string } }
  | ({ kind: 'agent'; username: string; operatorId: string } & Signed);

/** Whose revocation ends this socket: `member:<id>`, `operator:<id>`, or nobody's (a guest). */
function holderOf(identity: Identity): string | undefined {
  if (identity.kind === 'agent') return `operator:${identity.operatorId}`;
  return identity.member ? `member:${identity.member.memberId}` : undefined;
}
const holderRevoked = (revocation: Revocation) => (revocation.kind === 'member' ? `member:${revocation.memberId}` : `operator:${revocation.operatorId}`);
const signedOf = (identity: Identity): Signed | undefined => (identity.kind === 'agent' ? identity : identity.member);
const identityOf = (socket: Socket) => (socket.data as { identity?: Identity }).identity;

/**
 * The adapter's client, which keeps the connections the adapter duplicates from it (a reader per
 * stream, one for pub/sub). The adapter closes its reader only once a blocking read returns, so a
 * reader reconnecting while Redis is away at close would live on, retrying, and fail its read
 * unhandled whenever it finally closed.
 */
class AdapterRedis extends Redis {
  readonly duplicates: Redis[] = [];

  override duplicate(override?: Partial<RedisOptions>): Redis {
    const copy = super.duplicate(override);
    this.duplicates.push(copy);
    return copy;
  }
}

interface SocketDeps {
  prefix: string;
  guests: GuestIds;
  members: Pick<AuthService, 'authenticate' | 'sessionStanding'>;
  operators: Pick<AdminService, 'authenticate' | 'sessionStanding'>;
  tokens: Pick<TokenSigner, 'expiresAt'>;
  revocations: Pick<RevocationBus, 'subscribe'>;
  now: () => Date;
  redisUrl: string | undefined;
  keyPrefix: string;
}

/**
 * The realtime side of chat: socket.io on the server's own port. A socket says who it
 * is in its handshake (a member's token, a guest's id, or an agent's token); a customer may join one
 * room only, SPEC §7's PREFIX + their id; agents are in the agents' room. With `REDIS_URL`, the Redis
 * Streams adapter carries every event to every node, and keeps connection-state recovery working.
 *
 * A socket lives no longer than what opened it: it is dropped when its token expires, and when a
 * revocation (from any node, through the revocation bus) ends its session, blocks its member or
 * takes its agent's chat role; a connection recovered after a drop is checked again before it is
 * given anything it missed.
 */
export function attachChatSocket(app: Core['app'], deps: SocketDeps): { hub: ChatHub; io: Server } {
  const { now } = deps;
  const redis = deps.redisUrl ? new AdapterRedis(deps.redisUrl, { maxRetriesPerRequest: null }) : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'chat adapter redis unavailable'));
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // A dropped phone connection gets what it missed on reconnect (the sequence numbers cover longer
    // gaps). socket.io skips the handshake check for a recovered connection unless told otherwise.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    ...(redis ? { adapter: createAdapter(redis, { streamName: `${deps.keyPrefix}chat`, channelPrefix: `${deps.keyPrefix}chat`, sessionKeyPrefix: `${deps.keyPrefix}chat:session:` }) } : {}),
  });
  // When the node closes, after it drained: this node's chat connections are cut as a lost
  // connection would be ("transport close"), so every client reconnects at once, through the
  // balancer to another node, and recovers its session there. Before Fastify closes the HTTP
  // server, which would otherwise wait on the open websockets until its grace ran out.
  app.addHook('preClose', (done) => {
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await io.close();
    if (!redis) return;
    // Quitting lets the adapter's last writes (a closing socket's session) finish; cutting would fail them unhandled.
    await Promise.all([redis, ...redis.duplicates].map((client) => closeRedis(client)));
  });
  const report = (error: unknown, what: string) => app.log.error({ err: error }, what);

  async function identify(auth: Record<string, unknown>, address: string): Promise<Identity> {
    if (typeof auth.operatorToken === 'string') {
      // The socket's peer, not TRUST_PROXY's client: a socket audits nothing, only the username is kept.
      const agent = await deps.operators.authenticate(auth.operatorToken, address);
      const expiresAt = deps.tokens.expiresAt(auth.operatorToken);
      if (!agent.roles.some((role) => CHAT_ROLES.includes(role)) || !expiresAt) throw new Error('UNAUTHORIZED');
      return { kind: 'agent', username: agent.username, operatorId: String(agent.adminId), sessionId: agent.sessionId, expiresAt: expiresAt.getTime() };
    }
    if (typeof auth.token === 'string') {
      const member = await deps.members.authenticate(auth.token);
      const expiresAt = deps.tokens.expiresAt(auth.token);
      if (!expiresAt) throw new Error('UNAUTHORIZED');
      return {
        kind: 'customer',
        room: customerRoom({ kind: 'member', memberId: member.memberId }),
        roomName: `${deps.prefix}${member.memberId}`,
        member: { memberId: String(member.memberId), sessionId: member.sessionId, expiresAt: expiresAt.getTime() },
      };
    }
    const guestKey = deps.guests.verify(auth.guestId);
    if (!guestKey) throw new Error('UNAUTHORIZED');
    return { kind: 'customer', room: customerRoom({ kind: 'guest', guestKey }), roomName: `${deps.prefix}${auth.guestId as string}` };
  }

  /** Whether what opened a socket still stands: not expired, its session live, an agent still in a chat role. */
  async function stillStands(identity: Identity): Promise<boolean> {
    const signed = signedOf(identity);
    if (signed && signed.expiresAt <= now().getTime()) return false;
    if (identity.kind === 'agent') {
      const roles = await deps.operators.sessionStanding(BigInt(identity.operatorId), identity.sessionId);
      return roles?.some((role) => CHAT_ROLES.includes(role)) ?? false;
    }
    // A member's room kept without its session (stored before sessions were kept) is not trusted.
    if (!identity.member) return identity.room.startsWith('guest:');
    return deps.members.sessionStanding(BigInt(identity.member.memberId), identity.member.sessionId);
  }

  // A recovered connection is handed what it missed as soon as its session is restored, before any
  // handshake check runs: so the stored session is checked here, and a revoked one is not restored
  // (socket.io takes a failed restore as none: the connection starts afresh, through the handshake).
  const adapter = io.of('/').adapter;
  const restoreSession = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restoreSession(pid, offset);
    if (!session) return session;
    const identity = (session.data as { identity?: Identity } | undefined)?.identity;
    if (!identity || !(await stillStands(identity).catch(() => false))) throw new Error('session revoked: not restored');
    return session;
  };
  const persistSession = adapter.persistSession.bind(adapter);
  adapter.persistSession = (session) => {
    // Called from a closing connection's event: a throw there would end the process.
    try {
      persistSession(session);
    } catch (error) {
      report(error, 'chat socket session not kept for recovery');
    }
  };

  io.use((socket, next) => {
    const previous = socket.recovered ? identityOf(socket) : undefined;
    const handshakeAt = performance.now();
    identify(socket.handshake.auth, socket.handshake.address)
      .then((identity) => {
        // A recovered connection must come back as who it was.
        if (previous && (holderOf(previous) ?? (previous as { room?: string }).room) !== (holderOf(identity) ?? (identity as { room?: string }).room)) throw new Error('UNAUTHORIZED');
        socket.data = { identity, handshakeAt };
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });

  /** This node's sockets by holder, so a revocation finds them without a scan. */
  const held = new Map<string, Set<Socket>>();
  /** Holders revoked lately (performance.now()): a handshake that began before the revocation is checked again. */
  const recentlyRevoked = new Map<string, number>();

  function drop(socket: Socket): void {
    // A server-side disconnect: the client does not reconnect by itself, and the session is not kept for recovery.
    socket.disconnect(true);
  }

  async function dropUnlessStanding(socket: Socket): Promise<void> {
    const identity = identityOf(socket);
    if (!identity || !(await stillStands(identity).catch(() => false))) drop(socket);
  }

  deps.revocations.subscribe({
    async revoked(revocation) {
      const holder = holderRevoked(revocation);
      const at = performance.now();
      for (const [key, when] of recentlyRevoked) if (at - when > HANDSHAKE_RACE_MS) recentlyRevoked.delete(key);
      recentlyRevoked.set(holder, at);
      const sockets = [...(held.get(holder) ?? [])];
      const loggedOut = revocation.kind === 'member' ? revocation.session?.id : undefined;
      await Promise.all(
        sockets.map(async (socket) => {
          if (loggedOut === undefined) return dropUnlessStanding(socket);
          if (identityOf(socket)?.kind === 'customer' && signedOf(identityOf(socket)!)?.sessionId === loggedOut) drop(socket);
        }),
      );
    },
    // Revocations sent while the bus was down are lost: every signed socket is checked again.
    async resumed() {
      await Promise.all([...held.values()].flatMap((sockets) => [...sockets].map(dropUnlessStanding)));
    },
  });

  function track(socket: Socket, identity: Identity): void {
    const holder = holderOf(identity);
    const signed = signedOf(identity);
    if (!holder || !signed) return;
    const sockets = held.get(holder) ?? new Set<Socket>();
    held.set(holder, sockets.add(socket));
    let timer: NodeJS.Timeout | undefined;
    const armExpiry = () => {
      const left = signed.expiresAt - now().getTime();
      if (left <= 0) return drop(socket);
      timer = setTimeout(armExpiry, Math.min(left, LONGEST_TIMER_MS));
      timer.unref();
    };
    armExpiry();
    socket.on('disconnect', () => {
      clearTimeout(timer);
      sockets.delete(socket);
      if (sockets.size === 0 && held.get(holder) === sockets) held.delete(holder);
    });
    const handshakeAt = (socket.data as { handshakeAt?: number }).handshakeAt ?? 0;
    if ((recentlyRevoked.get(holder) ?? Number.NEGATIVE_INFINITY) >= handshakeAt) void dropUnlessStanding(socket);
  }

  io.on('connection', (socket: Socket) => {
    guardListeners(socket, report);
    try {
      const identity = identityOf(socket)!;
      track(socket, identity);
      if (!socket.connected) return;
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
    } catch (error) {
      report(error, 'chat socket not set up');
      socket.disconnect(true);
    }
  });

  return {
    hub: {
      toCustomer: (room, event, data) => void io.to(room).emit(event, data),
      toAgents: (event, data) => void io.to(AGENTS_ROOM).emit(event, data),
    },
    io,
  };
}

/**
 * socket.io calls a socket's listeners straight from the connection's data callback: a listener
 * that throws, or returns a promise that rejects, would end the process. Every listener registered
 * on the socket from here on is run inside a guard that logs instead.
 */
function guardListeners(socket: Socket, report: (error: unknown, what: string) => void): void {
  const register = socket.on.bind(socket);
  // socket.on's type is a generic over the event map; the wrapper keeps its signature.
  socket.on = ((event: string, listener: (...args: unknown[]) => unknown) =>
    register(event, (...args: unknown[]) => {
      try {
        const result = listener(...args);
        if (result instanceof Promise) result.catch((error: unknown) => report(error, `chat socket listener for ${event} failed`));
      } catch (error) {
        report(error, `chat socket listener for ${event} failed`);
      }
    })) as typeof socket.on;
}
