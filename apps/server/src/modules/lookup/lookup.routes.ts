import {
  activeResponse,
  agreementsResponse,
  banksResponse,
  conditionsResponse,
  contactResponse,
  enableChatWidgetResponse,
  type Language,
  infoResponse,
  noticeQuery,
  noticeResponse,
  registerOtpResponse,
  slipLookupResponse,
  sourcesResponse,
  withdrawLookupResponse,
} from '@wallet/contract';
import { requestLanguage } from '../../http/language.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { LookupService } from './lookup.service.js';

const tags = ['lookup'];

export function registerLookupRoutes(app: App, lookup: LookupService, defaultLanguage: Language): void {
  const language = (request: Parameters<typeof requestLanguage>[0]) => requestLanguage(request, defaultLanguage);

  app.get('/api/lookup/active', { schema: { tags, response: { 200: activeResponse, ...failures(410) } } }, async () => {
    await lookup.ensureActive();
    return { active: true as const };
  });
  app.get('/api/lookup/banks', { schema: { tags, response: { 200: banksResponse } } }, async () => ({
    banks: await lookup.banks(),
  }));
  app.get('/api/lookup/sources', { schema: { tags, response: { 200: sourcesResponse } } }, async (request) => ({
    sources: await lookup.sources(language(request)),
  }));
  app.get('/api/lookup/info', { schema: { tags, response: { 200: infoResponse } } }, () => lookup.info());
  app.get('/api/lookup/contact', { schema: { tags, response: { 200: contactResponse } } }, (request) =>
    lookup.contact(language(request)),
  );
  app.get('/api/lookup/conditions', { schema: { tags, response: { 200: conditionsResponse } } }, async (request) => ({
    conditions: await lookup.conditions(language(request)),
  }));
  app.get('/api/lookup/agreements', { schema: { tags, response: { 200: agreementsResponse } } }, async (request) => ({
    agreements: await lookup.agreements(language(request)),
  }));
  app.get(
    '/api/lookup/notice',
    { schema: { tags, querystring: noticeQuery, response: { 200: noticeResponse } } },
    async (request) => ({ notice: await lookup.notice(language(request), request.query.percentFail) }),
  );
  app.get('/api/lookup/withdraw', { schema: { tags, response: { 200: withdrawLookupResponse } } }, () =>
    lookup.withdraw(),
  );
  app.get('/api/lookup/slip', { schema: { tags, response: { 200: slipLookupResponse } } }, () => lookup.slip());
  app.get('/api/lookup/registerOTP', { schema: { tags, response: { 200: registerOtpResponse } } }, async () => ({
    registerOTP: (await lookup.flags()).registerOTP,
  }));
  app.get(
    '/api/lookup/enableChatWidget',
    { schema: { tags, response: { 200: enableChatWidgetResponse } } },
    async () => ({ enableChatWidget: (await lookup.flags()).enableChatWidget }),
  );
}
