import { walletCurrencyOf, answerPromptBody, applyRestrictionBody, memberIdParams, memberProtectionResponse, messageResponse, protectionStatus, restrictionParams, selfExcludeBody, setLimitBody, setLimitResponse, takeBreakBody, tightenLimitBody } from '@wallet/contract';
import { notFound } from '../../errors.js';
import { MEMBER, operator } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { Members } from '../account/members.js';
import type { ProtectionService } from './protection.service.js';

const tags = ['protection'];

export function registerProtectionRoutes(app: App, protection: ProtectionService, members: Pick<Members, 'find'>, db: Parameters<Members['find']>[0]): void {
  const member = { config: MEMBER };
  const state = { 200: protectionStatus };
  app.get('/api/protection', { ...member, schema: { tags, response: state } }, (request) => protection.status(request.member.memberId));
  app.put('/api/protection/limits', { ...member, schema: { tags, body: setLimitBody, response: { 200: setLimitResponse, ...failures(400) } } }, async (request) => ({
    message: 'SUCCESS' as const,
    appliesAt: (await protection.setLimit(request.member, request.body.kind, request.body.amount)).getTime(),
  }));
  // One tap, no confirmation (a second tap adds nothing longer than the first).
  app.post('/api/protection/break', { ...member, schema: { tags, body: takeBreakBody, response: state } }, async (request) => {
    await protection.takeBreak(request.member, request.body.period);
    return protection.status(request.member.memberId);
  });
  app.post('/api/protection/exclusion', { ...member, schema: { tags, body: selfExcludeBody, response: state } }, async (request) => {
    await protection.selfExclude(request.member, request.body.period);
    return protection.status(request.member.memberId);
  });
  app.post('/api/protection/prompt', { ...member, schema: { tags, body: answerPromptBody, response: state } }, async (request) => {
    await protection.answerPrompt(request.member, request.body.answer);
    return protection.status(request.member.memberId);
  });
  app.post('/api/protection/return', { ...member, schema: { tags, response: { ...state, ...failures(422) } } }, async (request) => {
    await protection.requestReturn(request.member);
    return protection.status(request.member.memberId);
  });

  const desks = { config: operator('admin', 'support', 'finance') };
  const memberOf = async (id: string) => {
    const found = await members.find(db, BigInt(id));
    if (!found) throw notFound('NO_DATA');
    return found;
  };
  const base = '/api/admin/members/:id/protection';
  app.get(base, { ...desks, schema: { tags: ['admin'], params: memberIdParams, response: { 200: memberProtectionResponse, ...failures(404) } } }, async (request) =>
    protection.forOperator((await memberOf(request.params.id)).id),
  );
  app.post(`${base}/restrictions`, { ...desks, schema: { tags: ['admin'], params: memberIdParams, body: applyRestrictionBody, response: { 200: messageResponse, ...failures(404) } } }, async (request) => {
    const found = await memberOf(request.params.id);
    const { reason, ...restriction } = request.body;
    await protection.applyRestriction(request.admin, found.id, restriction, reason);
    return { message: 'SUCCESS' as const };
  });
  // An operator-applied restriction: the first operator proposes lifting it, a second one lifts it.
  app.post(`${base}/restrictions/:restrictionId/lift`, { ...desks, schema: { tags: ['admin'], params: restrictionParams, response: { 200: messageResponse, ...failures(403, 404) } } }, async (request) => {
    const found = await memberOf(request.params.id);
    return { message: await protection.liftRestriction(request.admin, found.id, BigInt(request.params.restrictionId)) };
  });
  app.put(`${base}/limits`, { ...desks, schema: { tags: ['admin'], params: memberIdParams, body: tightenLimitBody, response: { 200: messageResponse, ...failures(400, 404) } } }, async (request) => {
    const found = await memberOf(request.params.id);
    await protection.tightenLimit(request.admin, { id: found.id, currency: walletCurrencyOf(found.currency) }, request.body.kind, request.body.amount);
    return { message: 'SUCCESS' as const };
  });
}
