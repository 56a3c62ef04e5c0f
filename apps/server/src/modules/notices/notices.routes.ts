import {
  NOTICE_TEMPLATE_EDITORS,
  memberIdParams,
  messageResponse,
  noticeFiguresResponse,
  noticeHistoryResponse,
  noticeSettings,
  noticeSettingsResponse,
  noticeTemplateBody,
  noticeTemplateItem,
  noticeTemplateParams,
  noticeTemplatesResponse,
  pushKeyResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  testNoticeBody,
  testNoticeResponse,
} from '@wallet/contract';
import { idempotencyKey } from '../../http/idempotency.js';
import { MEMBER, operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { NoticeTemplates } from './notice-templates.js';
import type { NoticeService } from './notices.service.js';
import type { PushSubscriptions } from './push-subscriptions.js';

const tags = ['notices'];

export function registerNoticeRoutes(app: App, notices: NoticeService, push: PushSubscriptions, templates: NoticeTemplates): void {
  const member = { config: MEMBER };
  app.get('/api/notices/settings', { ...member, schema: { tags, response: { 200: noticeSettingsResponse } } }, (request) => notices.settings(request.member.memberId));
  app.put('/api/notices/settings', { ...member, schema: { tags, body: noticeSettings, response: { 200: noticeSettingsResponse, ...failures(400) } } }, async (request) => {
    await notices.saveSettings(request.member.memberId, request.body);
    return notices.settings(request.member.memberId);
  });
  app.get('/api/notices/push-key', { ...member, schema: { tags, response: { 200: pushKeyResponse } } }, () => ({ publicKey: push.publicKey }));
  app.post('/api/notices/push-subscriptions', { ...member, schema: { tags, body: pushSubscriptionBody, response: { 200: messageResponse, ...failures(400, 422) } } }, async (request) => {
    await push.subscribe(request.member.memberId, request.body);
    return { message: 'SUCCESS' as const };
  });
  app.delete('/api/notices/push-subscriptions', { ...member, schema: { tags, body: pushUnsubscribeBody, response: { 200: messageResponse, ...failures(400) } } }, async (request) => {
    await push.unsubscribe(request.member.memberId, request.body.endpoint);
    return { message: 'SUCCESS' as const };
  });

  // Marketing reads a member's notices too: it sends test notices and must see what became of them.
  app.get(
    '/api/admin/members/:id/notices',
    { config: operator('admin', 'support', 'finance', 'marketing'), schema: { tags: ['admin'], params: memberIdParams, response: { 200: noticeHistoryResponse } } },
    async (request) => ({ notices: await notices.history(BigInt(request.params.id)) }),
  );
  app.get('/api/admin/notices/figures', { config: operator('admin', 'support', 'finance'), schema: { tags: ['admin'], response: { 200: noticeFiguresResponse } } }, () => notices.figures());

  app.post(
    '/api/admin/members/:id/notices/test',
    { config: operator('admin', 'support', 'marketing'), schema: { tags: ['admin'], params: memberIdParams, body: testNoticeBody, response: { 200: testNoticeResponse, ...failures(400, 404) } } },
    async (request) => ({ message: 'SUCCESS' as const, noticeId: await notices.sendTest(request.admin, BigInt(request.params.id), request.body.kind, idempotencyKey(request)) }),
  );

  const editors = { config: operator(...NOTICE_TEMPLATE_EDITORS) };
  app.get('/api/admin/notice-templates', { ...editors, schema: { tags: ['admin'], response: { 200: noticeTemplatesResponse } } }, () => templates.list());
  app.put('/api/admin/notice-templates/:kind/:language', { ...editors, schema: { tags: ['admin'], params: noticeTemplateParams, body: noticeTemplateBody, response: { 200: noticeTemplateItem, ...failures(400) } } }, (request) =>
    templates.save(request.admin, request.params.kind, request.params.language, request.body),
  );
  app.delete('/api/admin/notice-templates/:kind/:language', { ...editors, schema: { tags: ['admin'], params: noticeTemplateParams, response: { 200: noticeTemplateItem, ...failures(400) } } }, (request) =>
    templates.reset(request.admin, request.params.kind, request.params.language),
  );
}
