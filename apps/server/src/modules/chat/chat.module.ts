import { Counter, Gauge } from 'prom-client';
import { createFolderStorage } from '../../adapters/upload-storage.js';
import type { Core } from '../../core.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { attachChatSocket } from './chat-socket.js';
import { createChatTemplates } from './chat-templates.js';
import { registerChatRoutes } from './chat.routes.js';
import { createChatService } from './chat.service.js';
import { createGuestIds } from './guest-ids.js';

/** SPEC §7 PREFIX: the start of every chat room's name. */
const ROOM_PREFIX = 'wallet-chat-';

/** Support chat: members and guests talk to agents over HTTP and socket.io, on every node. */
export function registerChatModule(
  core: Pick<Core, 'app' | 'config' | 'db' | 'auditTrail' | 'now' | 'derivedSecret' | 'tokens' | 'revocations' | 'members' | 'operatorNames' | 'metrics'>,
  uses: { members: Pick<AuthService, 'authenticate' | 'sessionStanding'>; operators: Pick<AdminService, 'authenticate' | 'sessionStanding'> },
) {
  const { app, config, db, now } = core;
  const guests = createGuestIds(core.derivedSecret('chat-guest-ids'));
  const { hub: sockets, io } = attachChatSocket(app, {
    prefix: ROOM_PREFIX,
    guests,
    members: uses.members,
    operators: uses.operators,
    tokens: core.tokens,
    revocations: core.revocations,
    now,
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
  });
  new Gauge({
    name: 'wallet_chat_sockets_connected',
    help: 'Chat sockets (members, guests and agents) connected to this node now.',
    registers: [core.metrics],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });
  const deliveries = new Counter({
    name: 'wallet_chat_deliveries_total',
    help: 'Chat events sent out to sockets, by audience (customer: a member\'s or guest\'s room; agents) and event.',
    labelNames: ['audience', 'event'] as const,
    registers: [core.metrics],
  });
  const hub: typeof sockets = {
    toCustomer(room, event, data) {
      deliveries.inc({ audience: 'customer', event });
      sockets.toCustomer(room, event, data);
    },
    toAgents(event, data) {
      deliveries.inc({ audience: 'agents', event });
      sockets.toAgents(event, data);
    },
  };
  const chat = createChatService({ db, storage: createFolderStorage(config.uploadDir), hub, prefix: ROOM_PREFIX, fileSecret: core.derivedSecret('chat-file-links'), now, members: core.members, operatorNames: core.operatorNames });
  registerChatRoutes(app, { chat, templates: createChatTemplates(db, core.auditTrail), guests });
  return { chat, guests, sockets: io };
}
