import { agreementAcceptBody, agreementStatusResponse } from '@wallet/contract';
import { MEMBER } from '../../http/auth.js';
import { failures } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import type { AgreementService } from './agreement.service.js';

const tags = ['account'];

/** The signed-in member's own acceptance only: the member is the token's. */
export function registerAgreementRoutes(app: App, agreement: AgreementService): void {
  app.get('/api/account/agreement', { config: MEMBER, schema: { tags, response: { 200: agreementStatusResponse } } }, (request) => agreement.status(request.member));
  app.post(
    '/api/account/agreement',
    { config: MEMBER, schema: { tags, body: agreementAcceptBody, response: { 200: agreementStatusResponse, ...failures(409) } } },
    (request) => agreement.accept(request.member, request.body.version),
  );
}
