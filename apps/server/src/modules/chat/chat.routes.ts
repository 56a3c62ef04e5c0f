import multipart from '@fastify/multipart';
import {
  adminConversationsResponse,
  agentHistoryQuery,
  agentSendBody,
  chatConfigResponse,
  chatGuestResponse,
  chatHistoryBody,
  chatHistoryResponse,
  chatReadBody,
  chatSendBody,
  chatSendResponse,
  chatTemplateBody,
  chatTemplatesResponse,
  chatUploadResponse,
  conversationParams,
  conversationsQuery,
  messageResponse,
  CHAT,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.js';
import { CUSTOMER, GUEST_HEADER, bearerToken, operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { GuestIds } from './guest-ids.js';
import type { ChatFileKind } from './chat-files.js';
import type { ChatService, Customer } from './chat.service.js';
import type { ChatTemplates } from './chat-templates.js';

const fileQuery = z.object({ expires: z.coerce.number().int().positive(), signature: z.string().max(100) });
const fileParams = z.object({ name: z.string().regex(/^[a-z0-9-]+\.(jpg|gif|png|mp4|mov)$/) });
const tags = ['chat'];

/**
 * SPEC §7 Chat, exact paths. A member is known by their token and a guest by the id the server
 * issued them (header `x-guest-id`), both checked before anything is parsed (`CUSTOMER`): the ids a
 * body names are never trusted. A member who still holds a guest id brings the guest's
 * conversation along.
 */
export function registerChatRoutes(app: App, deps: { chat: ChatService; templates: ChatTemplates; guests: GuestIds }): void {
  const { chat, guests } = deps;
  const customer = { config: CUSTOMER };
  async function customerOf(request: FastifyRequest): Promise<Customer> {
    if (!request.member) return { kind: 'guest', guestKey: request.guestKey! };
    if (request.guestKey) await chat.mergeGuest(request.member.memberId, request.guestKey);
    return { kind: 'member', memberId: request.member.memberId };
  }
  // A flood limit per sender: the guest's key or the member's token, else the address.
  const perSender = (max: number) => ({
    ...CUSTOMER,
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `chat:${guests.verify(request.headers[GUEST_HEADER]) ?? bearerToken(request)?.slice(-24) ?? request.ip}` },
  });

  app.get('/api/chat/config', { schema: { tags, response: { 200: chatConfigResponse } } }, () => chat.config());
  app.post('/api/chat/guest', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { tags, response: { 200: chatGuestResponse } } }, () => ({ guestId: guests.issue() }));
  app.post('/api/chat/send-message', { config: perSender(30), schema: { tags, body: chatSendBody, response: { 200: chatSendResponse } } }, async (request) => chat.send(await customerOf(request), request.body));
  app.post('/api/chat/history', { ...customer, schema: { tags, body: chatHistoryBody, response: { 200: chatHistoryResponse } } }, async (request) => chat.history(await customerOf(request), request.body));
  for (const path of ['/api/chat/read-customer/', '/api/chat/read-customer']) {
    app.put(path, { ...customer, schema: { tags, body: chatReadBody, response: { 200: messageResponse } } }, async (request) => chat.markRead(await customerOf(request)));
  }
  app.get('/api/chat/files/:name', { schema: { hide: true, params: fileParams, querystring: fileQuery } }, async (request, reply) => {
    const file = await chat.file(request.params.name, request.query.expires, request.query.signature);
    return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(file.bytes);
  });

  const agents = { config: operator('admin', 'support') };
  const adminTags = ['admin'];
  app.get('/api/admin/chat/conversations', { ...agents, schema: { tags: adminTags, querystring: conversationsQuery, response: { 200: adminConversationsResponse } } }, async (request) => ({
    conversations: await chat.conversations(request.admin, request.query.filter),
  }));
  app.get('/api/admin/chat/conversations/:id/messages', { ...agents, schema: { tags: adminTags, params: conversationParams, querystring: agentHistoryQuery, response: { 200: chatHistoryResponse, ...failures(404) } } }, (request) =>
    chat.agentHistory(request.params.id, request.query),
  );
  app.post('/api/admin/chat/conversations/:id/messages', { ...agents, schema: { tags: adminTags, params: conversationParams, body: agentSendBody, response: { 200: chatSendResponse, ...failures(404) } } }, (request) =>
    chat.agentSend(request.admin, request.params.id, request.body),
  );
  for (const action of ['assign', 'end'] as const) {
    app.post(`/api/admin/chat/conversations/:id/${action}`, { ...agents, schema: { tags: adminTags, params: conversationParams, response: { 200: messageResponse, ...failures(404) } } }, (request) =>
      chat[action](request.admin, request.params.id),
    );
  }
  app.put('/api/admin/chat/conversations/:id/read', { ...agents, schema: { tags: adminTags, params: conversationParams, response: { 200: messageResponse, ...failures(404) } } }, (request) => chat.agentRead(request.params.id));
  app.get('/api/admin/chat/templates', { ...agents, schema: { tags: adminTags, response: { 200: chatTemplatesResponse } } }, async () => ({ templates: await deps.templates.list() }));
  app.post('/api/admin/chat/templates', { ...agents, schema: { tags: adminTags, body: chatTemplateBody, response: { 200: chatTemplatesResponse } } }, async (request) => {
    await deps.templates.create(request.admin, request.body);
    return { templates: await deps.templates.list() };
  });
  app.delete('/api/admin/chat/templates/:id', { ...agents, schema: { tags: adminTags, params: conversationParams, response: { 200: chatTemplatesResponse, ...failures(404) } } }, async (request) => {
    await deps.templates.remove(request.admin, request.params.id);
    return { templates: await deps.templates.list() };
  });

  // Uploads: multipart is parsed only in this scope.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: CHAT.videoMaxBytes, files: 1, fields: 4, parts: 5, headerPairs: 100 } });
    const readFile = async (request: FastifyRequest) => {
      if (!request.isMultipart()) throw badRequest('CHAT_FILE_UNSUPPORTED');
      let file: { bytes: Buffer; filename: string; truncated: boolean } | null = null;
      try {
        for await (const part of request.files()) {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file' && file === null) file = { bytes, filename: part.filename, truncated: part.file.truncated };
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('CHAT_FILE_TOO_LARGE', 413);
        request.log.info({ err: error }, 'unreadable chat upload');
        throw badRequest('CHAT_FILE_UNSUPPORTED');
      }
      if (!file) throw badRequest('CHAT_FILE_UNSUPPORTED');
      return file;
    };
    const upload = { tags, consumes: ['multipart/form-data'], response: { 200: chatUploadResponse, ...failures(413) } };
    for (const [path, kind] of [
      ['/api/chat/upload-image', 'image'],
      ['/api/chat/upload-video', 'video'],
    ] as const satisfies readonly (readonly [string, ChatFileKind])[]) {
      scope.post(path, { config: perSender(20), schema: upload }, async (request) => chat.upload({ customer: await customerOf(request) }, kind, await readFile(request)));
    }
    scope.post('/api/admin/chat/conversations/:id/upload-image', { ...agents, schema: { ...upload, tags: adminTags, params: conversationParams } }, async (request) =>
      chat.upload({ conversationId: conversationParams.parse(request.params).id }, 'image', await readFile(request)),
    );
  });
}
