import { NOTICE_KINDS, NOTICE_LANGUAGES, type NoticeKind, type NoticeLanguage, type NoticeTemplateBody, type NoticeTemplateItem, type NoticeTemplatesResponse, type NoticeTexts, SAMPLE_NOTICE_AMOUNT, type SiteProfile, noticeTemplateProblem } from '@wallet/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../errors.js';
import type { AuditActor, AuditTrail } from '../audit/audit-writer.js';
import { NOTICE_TEXTS } from './notice-texts.js';
import * as repo from './notices.repository.js';

/** The templates in force, by kind and language, for one pass of the worker. */
export type TemplatesInForce = ReadonlyMap<string, NoticeTexts>;
export const templateKey = (kind: NoticeKind, language: NoticeLanguage) => `${kind}:${language}`;

/**
 * The operator's texts for each kind of notice in each language. A saved template overrides the
 * built-in text (notice-texts.ts) from the worker's next pass on every node; a reset deletes it, and
 * the built-in text is sent again. Each change is audited with its before and after, in the change's
 * own transaction.
 */
export function createNoticeTemplates(deps: { db: Db; now: () => Date; auditTrail: AuditTrail; site: Pick<SiteProfile, 'currencies'> }) {
  const { db } = deps;

  function itemOf(kind: NoticeKind, language: NoticeLanguage, saved: repo.TemplateRow | undefined): NoticeTemplateItem {
    const builtIn = NOTICE_TEXTS[kind][language];
    return {
      kind,
      language,
      title: saved?.title ?? builtIn.title,
      body: saved?.body ?? builtIn.body,
      defaultTitle: builtIn.title,
      defaultBody: builtIn.body,
      edited: saved !== undefined,
      updatedBy: saved?.updated_by ?? null,
      updatedAt: saved?.updated_at.toISOString() ?? null,
    };
  }

  async function item(kind: NoticeKind, language: NoticeLanguage): Promise<NoticeTemplateItem> {
    const saved = (await repo.templates(db)).find((row) => row.kind === kind && row.language === language);
    return itemOf(kind, language, saved);
  }

  return {
    /** Every kind in every language, with the sample amount a preview fills in: the site's own currency. */
    async list(): Promise<NoticeTemplatesResponse> {
      const saved = await repo.templates(db);
      const currency = deps.site.currencies[0] === 'THB' ? 'THB' : 'LAK';
      return {
        templates: NOTICE_KINDS.flatMap((kind) => NOTICE_LANGUAGES.map((language) => itemOf(kind, language, saved.find((row) => row.kind === kind && row.language === language)))),
        sample: { amount: String(SAMPLE_NOTICE_AMOUNT[currency]), currency },
      };
    },

    /** Saves the operator's title and body; refused, with nothing changed, if a placeholder is unknown or `{amount}` is dropped. */
    async save(operator: AuditActor, kind: NoticeKind, language: NoticeLanguage, template: NoticeTemplateBody): Promise<NoticeTemplateItem> {
      const problem = noticeTemplateProblem(template, NOTICE_TEXTS[kind][language]);
      if (problem) throw badRequest(problem);
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockTemplate(trx, kind, language);
        await repo.saveTemplate(trx, { kind, language, title: template.title, body: template.body, updatedBy: operator.username }, deps.now());
        await deps.auditTrail.record(trx, operator, 'notice.template.change', {
          kind,
          language,
          before: before ? { title: before.title, body: before.body } : { ...NOTICE_TEXTS[kind][language], builtIn: true },
          after: { title: template.title, body: template.body },
        });
      });
      return item(kind, language);
    },

    /** Back to the built-in text; a template never saved is left as it is, and nothing is audited. */
    async reset(operator: AuditActor, kind: NoticeKind, language: NoticeLanguage): Promise<NoticeTemplateItem> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.lockTemplate(trx, kind, language);
        if (!before || !(await repo.deleteTemplate(trx, kind, language))) return;
        await deps.auditTrail.record(trx, operator, 'notice.template.reset', {
          kind,
          language,
          before: { title: before.title, body: before.body },
          after: { ...NOTICE_TEXTS[kind][language], builtIn: true },
        });
      });
      return item(kind, language);
    },

    /** The saved templates by kind and language: read once per pass of the worker, so an edit reaches every node at its next pass. */
    async inForce(): Promise<TemplatesInForce> {
      return new Map((await repo.templates(db)).map((row) => [templateKey(row.kind, row.language), { title: row.title, body: row.body }]));
    },
  };
}
export type NoticeTemplates = ReturnType<typeof createNoticeTemplates>;
