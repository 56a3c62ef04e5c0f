import type { AgentMessage } from '@wallet/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useTemplates } from '../../shared/api/chat-templates';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/Field';
import { useCreateTemplate } from './api/create-template';
import { useDeleteTemplate } from './api/delete-template';

const KINDS = ['text', 'quick_replies'] as const;
type Kind = (typeof KINDS)[number];
const textarea = 'w-full rounded-lg border border-white/15 bg-desk-900 px-3 py-2 text-sm outline-none focus:border-accent-300';

/** A reply as the agent wrote it: plain text, or text with one quick reply per line. */
function messageOf(kind: Kind, text: string, choices: string): AgentMessage {
  if (kind === 'text') return { message_type: 'text', payload: text };
  const quickReplies = choices
    .split('\n')
    .map((choice) => choice.trim())
    .filter(Boolean)
    .map((title) => ({ type: 'postback', title, payload: title }));
  return { message_type: 'quick_replies', payload: { text, quick_replies: quickReplies } };
}

/** What a saved reply sends, in one line for the list. */
function preview(message: AgentMessage): string {
  switch (message.message_type) {
    case 'text':
      return message.payload;
    case 'buttons':
      return `${message.payload.text} [${message.payload.buttons.map((button) => button.title).join(' | ')}]`;
    case 'quick_replies':
      return `${message.payload.text} [${message.payload.quick_replies.map((reply) => reply.title).join(' | ')}]`;
    case 'generic':
      return message.payloads.map((card) => `▢ ${card.title}`).join('  ');
    case 'media':
      return message.payload.message;
  }
}

/** Saved replies the agents send from the inbox with one press: written, read over, removed here. */
export function SavedRepliesPage() {
  const { t } = useTranslation();
  const templates = useTemplates();
  const create = useCreateTemplate();
  const remove = useDeleteTemplate();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [choices, setChoices] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { title: title.trim(), message: messageOf(kind, text, choices) },
      { onSuccess: () => (toast.success(t('savedReplies.saved')), setTitle(''), setText(''), setChoices('')), onError: (error) => toast.error(errorText(error)) },
    );
  }
  const canSave = title.trim() !== '' && text.trim() !== '' && (kind === 'text' || choices.trim() !== '');
  return (
    <div className="space-y-4">
      <Link to="/inbox" className="text-sm text-accent-300 underline">← {t('nav.inbox')}</Link>
      <h1 className="text-lg font-bold">{t('savedReplies.title')}</h1>
      <p className="text-sm text-white/60">{t('savedReplies.intro')}</p>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] gap-4">
        <form className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={submit} data-testid="saved-reply-form">
          <h2 className="font-bold">{t('savedReplies.new')}</h2>
          <div className="grid grid-cols-2 gap-2">
            <TextField label={t('savedReplies.name')} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} data-testid="saved-reply-title" />
            <SelectField label={t('savedReplies.kind')} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
              {KINDS.map((value) => <option key={value} value={value}>{t(`savedReplies.kinds.${value}`)}</option>)}
            </SelectField>
          </div>
          <label className="block space-y-1">
            <span className="text-xs font-semibold text-white/70">{t('savedReplies.text')}</span>
            <textarea rows={4} className={textarea} value={text} onChange={(event) => setText(event.target.value)} data-testid="saved-reply-text" />
          </label>
          {kind === 'quick_replies' && (
            <label className="block space-y-1">
              <span className="text-xs font-semibold text-white/70">{t('savedReplies.choices')}</span>
              <textarea rows={3} className={textarea} value={choices} onChange={(event) => setChoices(event.target.value)} data-testid="saved-reply-choices" />
            </label>
          )}
          <Button type="submit" busy={create.isPending} disabled={!canSave} data-testid="saved-reply-save">{t('common.save')}</Button>
        </form>
        <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
          {templates.data?.templates.length === 0 && <p className="text-white/50">{t('savedReplies.none')}</p>}
          <ul className="divide-y divide-white/5" data-testid="saved-reply-list">
            {templates.data?.templates.map((template) => (
              <li key={template._id} className="flex items-start justify-between gap-3 py-2" data-testid={`saved-reply-${template.title}`}>
                <div className="min-w-0">
                  <p className="font-semibold">{template.title} <span className="text-xs font-normal text-white/50">· {t(`savedReplies.kinds.${template.message.message_type}`, { defaultValue: template.message.message_type })}</span></p>
                  <p className="truncate text-sm text-white/70">{preview(template.message)}</p>
                </div>
                <Button
                  variant="danger"
                  busy={remove.isPending && remove.variables === template._id}
                  onClick={() => remove.mutate(template._id, { onSuccess: () => toast.success(t('savedReplies.deleted')), onError: (error) => toast.error(errorText(error)) })}
                >
                  {t('promotions.delete')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
