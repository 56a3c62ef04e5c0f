import type { AgreementStatus } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import type { MemberContext } from '../../http/context.js';
import type { LookupService } from '../lookup/lookup.service.js';
import * as repo from './agreement.repository.js';
import { agreementVersionOf } from './agreement.rules.js';

/** SPEC §2 agreement: accepted per member and per version of its content, on the server, so it follows the member. */
export function createAgreementService(deps: { db: Db; texts: Pick<LookupService, 'allTexts'> }) {
  const { db } = deps;
  const currentVersion = async () => agreementVersionOf(await deps.texts.allTexts('agreement'));
  return {
    async status(member: MemberContext): Promise<AgreementStatus> {
      const version = await currentVersion();
      return { version, accepted: await repo.hasAccepted(db, member.memberId, version) };
    },

    /** The member accepts the version they were shown; if it changed meanwhile, the new one is to be read first. */
    async accept(member: MemberContext, version: string): Promise<AgreementStatus> {
      if (version !== (await currentVersion())) throw conflict('AGREEMENT_CHANGED');
      await repo.recordAcceptance(db, member.memberId, version);
      return { version, accepted: true };
    },
  };
}
export type AgreementService = ReturnType<typeof createAgreementService>;
