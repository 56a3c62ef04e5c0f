import crypto from 'node:crypto';
import { z } from 'zod';

const ID = /^[1-9]\d{0,18}$/;

/**
 * What was revoked, once its transaction has committed. A member's one session (a logout) is named
 * with its expiry, so a node needs no query to list it; anything else about a member (blocked,
 * unblocked, every session ended, a new password) or an operator (disabled, roles changed, a
 * session ended) is re-read by whoever holds something of theirs.
 */
export const revocation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), memberId: z.string().regex(ID), session: z.object({ id: z.string().uuid(), expiresAt: z.number() }).optional() }),
  z.object({ kind: z.literal('operator'), operatorId: z.string().regex(ID) }),
]);
export type Revocation = z.infer<typeof revocation>;

const envelope = z.object({ origin: z.string(), revocation });

/** How revocations travel between nodes: Redis pub/sub, or the database's LISTEN/NOTIFY. */
export interface RevocationTransport {
  /** Every node's messages (this node's too) go to `receive`; `resumed` after a gap in which some may have been lost. */
  start(listener: { receive(message: string): void; resumed(): void }): Promise<void>;
  send(message: string): Promise<void>;
  close(): Promise<void>;
}

/** One part of the node that holds something a revocation ends (the session list, the chat sockets). */
export interface RevocationSubscriber {
  revoked(revocation: Revocation): Promise<void> | void;
  /** The transport was down for a while: re-read everything. */
  resumed?(): Promise<void> | void;
}

/**
 * The revocation bus: every node hears every revocation at once. `publish` applies it on this node
 * before it answers (so the call that revoked is exact here), then sends it to the others, which
 * apply it when it arrives. A message lost while the transport is down is made up for by each
 * node's periodic read of the database, and by `resumed`.
 */
export function createRevocationBus(options: { transport: RevocationTransport | undefined; onError: (error: unknown, what: string) => void }) {
  const { transport, onError } = options;
  const origin = crypto.randomUUID();
  const subscribers: RevocationSubscriber[] = [];

  async function apply(revoked: Revocation): Promise<void> {
    // In order: the session list first, then whoever reads it (subscribers come in that order).
    for (const subscriber of subscribers) {
      try {
        await subscriber.revoked(revoked);
      } catch (error) {
        onError(error, 'revocation not applied');
      }
    }
  }

  function receive(message: string): void {
    let parsed: z.infer<typeof envelope>;
    try {
      parsed = envelope.parse(JSON.parse(message));
    } catch (error) {
      onError(error, 'revocation message not understood');
      return;
    }
    if (parsed.origin !== origin) void apply(parsed.revocation);
  }

  function resumed(): void {
    for (const subscriber of subscribers) {
      void (async () => subscriber.resumed?.())().catch((error: unknown) => onError(error, 'revocations not re-read'));
    }
  }

  return {
    subscribe(subscriber: RevocationSubscriber): void {
      subscribers.push(subscriber);
    },
    /** After the revoking transaction has committed. Never fails: the other nodes' periodic reads are the fallback. */
    async publish(revoked: Revocation): Promise<void> {
      await apply(revoked);
      await transport?.send(JSON.stringify({ origin, revocation: revoked })).catch((error: unknown) => onError(error, 'revocation not sent to the other nodes'));
    },
    async start(): Promise<void> {
      await transport?.start({ receive, resumed }).catch((error: unknown) => onError(error, 'revocation bus not started'));
    },
    close: async () => transport?.close(),
  };
}
export type RevocationBus = ReturnType<typeof createRevocationBus>;
