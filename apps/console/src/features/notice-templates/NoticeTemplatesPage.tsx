import { NOTICE_KINDS, NOTICE_LANGUAGES, type NoticeKind } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/ui/Field';
import { useNoticeTemplates } from './api/get-notice-templates';
import { TemplateEditor } from './components/TemplateEditor';

/** The words of each kind of notice members are sent outside the app, in Thai, Lao and English, with a preview of each. */
export function NoticeTemplatesPage() {
  const { t } = useTranslation();
  const templates = useNoticeTemplates();
  const [kind, setKind] = useState<NoticeKind>('deposit_credited');
  const sample = templates.data?.sample;
  const items = templates.data?.templates.filter((item) => item.kind === kind) ?? [];
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold">{t('noticeTemplates.title')}</h1>
      <p className="max-w-3xl text-sm text-white/60">{t('noticeTemplates.intro')}</p>
      <SelectField label={t('noticeTemplates.kind')} className="max-w-xs" value={kind} onChange={(event) => setKind(event.target.value as NoticeKind)} data-testid="template-kind">
        {NOTICE_KINDS.map((value) => <option key={value} value={value}>{t(`notices.kinds.${value}`)}</option>)}
      </SelectField>
      {sample && (
        <div className="grid gap-4 lg:grid-cols-3">
          {NOTICE_LANGUAGES.map((language) => {
            const item = items.find((row) => row.language === language);
            // Keyed by what the server holds: a save or a reset elsewhere starts the draft afresh.
            return item && <TemplateEditor key={`${item.kind}-${language}-${item.updatedAt ?? 'built-in'}`} item={item} sample={sample} />;
          })}
        </div>
      )}
    </div>
  );
}
