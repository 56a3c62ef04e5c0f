import { NOTICE_TEMPLATE_BOUNDS, type NoticeTemplateItem, type NoticeTemplatesResponse, fillNoticeTemplate, noticeTemplateProblem, spokenNoticeAmount } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { useResetNoticeTemplate } from '../api/reset-notice-template';
import { useSaveNoticeTemplate } from '../api/save-notice-template';

const textarea = 'w-full rounded-lg border border-white/15 bg-desk-900 px-3 py-2 text-sm outline-none focus:border-accent-300';

/**
 * One kind of notice in one language: the title and body as the operator writes them, the notice as
 * the member would read it with the sample amount, and why it cannot be saved (the rule the server
 * applies, from the contract), before anything is sent. Reset returns to the built-in text.
 */
export function TemplateEditor({ item, sample }: { item: NoticeTemplateItem; sample: NoticeTemplatesResponse['sample'] }) {
  const { t } = useTranslation();
  const save = useSaveNoticeTemplate();
  const reset = useResetNoticeTemplate();
  const [title, setTitle] = useState(item.title);
  const [body, setBody] = useState(item.body);
  const draft = { title: title.trim(), body: body.trim() };
  const problem = noticeTemplateProblem(draft, { title: item.defaultTitle, body: item.defaultBody });
  const preview = fillNoticeTemplate(draft, spokenNoticeAmount(BigInt(sample.amount), sample.currency, item.language));
  const changed = draft.title !== item.title || draft.body !== item.body;
  const id = `template-${item.kind}-${item.language}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ kind: item.kind, language: item.language, template: draft }, { onSuccess: () => toast.success(t('noticeTemplates.saved')), onError: (error) => toast.error(errorText(error)) });
  }
  function resetToDefault() {
    reset.mutate(
      { kind: item.kind, language: item.language },
      { onSuccess: (answer) => (setTitle(answer.title), setBody(answer.body), toast.success(t('noticeTemplates.resetDone'))), onError: (error) => toast.error(errorText(error)) },
    );
  }

  return (
    <form className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={submit} data-testid={id} aria-labelledby={`${id}-heading`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="font-bold">{t(`noticeTemplates.languages.${item.language}`)}</h3>
        <span className="text-xs text-white/50">{item.edited ? t('noticeTemplates.editedBy', { name: item.updatedBy }) : t('noticeTemplates.builtIn')}</span>
      </div>
      <TextField label={t('noticeTemplates.titleField')} value={title} maxLength={NOTICE_TEMPLATE_BOUNDS.title} onChange={(event) => setTitle(event.target.value)} data-testid={`${id}-title`} />
      <label className="block space-y-1">
        <span className="text-xs font-semibold text-white/70">{t('noticeTemplates.bodyField')}</span>
        <textarea rows={3} className={textarea} value={body} maxLength={NOTICE_TEMPLATE_BOUNDS.body} onChange={(event) => setBody(event.target.value)} data-testid={`${id}-body`} />
        <span className="block text-right text-xs text-white/50">{t('noticeTemplates.length', { used: body.length, limit: NOTICE_TEMPLATE_BOUNDS.body })}</span>
      </label>
      <div className="rounded-lg border border-white/10 bg-white/5 p-3" data-testid={`${id}-preview`} aria-label={t('noticeTemplates.preview')}>
        <p className="text-xs font-semibold text-white/50">{t('noticeTemplates.preview')}</p>
        <p className="font-semibold">{preview.title}</p>
        <p className="text-sm text-white/80">{preview.body}</p>
      </div>
      {problem && <p role="alert" className="text-xs text-rose-300" data-testid={`${id}-problem`}>{t(`errors.${problem}`)}</p>}
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending} disabled={!changed || problem !== null} data-testid={`${id}-save`}>{t('common.save')}</Button>
        <Button variant="secondary" busy={reset.isPending} disabled={!item.edited} onClick={resetToDefault} data-testid={`${id}-reset`}>{t('noticeTemplates.reset')}</Button>
      </div>
    </form>
  );
}
