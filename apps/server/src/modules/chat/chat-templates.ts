import type { AgentMessage } from '@wallet/contract';
import { agentMessage } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit-writer.js';
import type { AdminContext } from '../../http/context.js';
import * as repo from './chat.repository.js';

/**
 * Saved replies (canned responses) agents send with one tap: text, buttons, quick replies or cards.
 * Each change is audited in its own transaction: the entry exists exactly when the change does.
 */
export function createChatTemplates(db: Db, auditTrail: AuditTrail) {
  return {
    async list() {
      const rows = await repo.templates(db);
      return rows.map((row) => ({ _id: row.id, title: row.title, message: agentMessage.parse({ message_type: row.message_type, payload: row.payload ?? undefined, payloads: row.payloads ?? undefined }) }));
    },
    async create(agent: AdminContext, body: { title: string; message: AgentMessage }) {
      const { message } = body;
      if (message.message_type === 'media') throw badRequest('KEY_INVALID');
      await db.transaction().execute(async (trx) => {
        const row = await repo.insertTemplate(trx, {
          title: body.title,
          message_type: message.message_type,
          payload: 'payload' in message ? JSON.stringify(message.payload) : null,
          payloads: 'payloads' in message ? JSON.stringify(message.payloads) : null,
        });
        await auditTrail.record(trx, agent, 'chat.template.create', { id: row.id, title: body.title });
      });
    },
    async remove(agent: AdminContext, id: string) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteTemplate(trx, id))) throw notFound('NO_DATA');
        await auditTrail.record(trx, agent, 'chat.template.delete', { id });
      });
    },
  };
}
export type ChatTemplates = ReturnType<typeof createChatTemplates>;
