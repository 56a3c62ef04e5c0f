import { useQueryClient } from '@tanstack/react-query';
import { NOTICE_CHANNELS, NOTICE_GROUPS, type NoticeChannelChoices, type NoticeChannelName, type NoticeGroup, type NoticeSettings, noticeLanguage } from '@wallet/contract';
import { useId, useState } from 'react';
import { type Message, errorMessage, errorText, messageText } from '../../shared/api/messages';
import { useSectionTexts } from '../../shared/i18n/useSectionTexts';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { CONTROL } from '../../shared/ui/Field';
import { Modal } from '../../shared/ui/Modal';
import { type NoticeSettingsAnswer, useNoticeSettings } from './api/get-notice-settings';
import { useSaveNoticeSettings } from './api/save-notice-settings';
import { settingsBody, useNoticeLanguageFollowsApp } from './hooks/follow-app-language';
import { AppNotificationsFailure, type AppNotificationsState, useAppNotifications } from './hooks/use-app-notifications';
import { NOTICE_TEXTS } from './texts';
import { notify } from '../../shared/notify';

/** SMS costs per message and reads as intrusive for marketing: offers never go by SMS. */
export const channelsOf = (group: NoticeGroup): readonly NoticeChannelName[] => (group === 'offers' ? NOTICE_CHANNELS.filter((channel) => channel !== 'sms') : NOTICE_CHANNELS);

/** The group's name, then one column per channel (LINE, app, SMS), each wide enough for a 44 px tap target. */
const CHANNEL_GRID = 'grid grid-cols-[minmax(0,1fr)_repeat(3,3.25rem)] items-center gap-x-1';

/** Quiet hours the sheet proposes when the member turns them on: 22:00 to 08:00. */
const DEFAULT_QUIET = { from: 22 * 60, to: 8 * 60 };

const timeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (text: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** What the sheet edits before saving; the language is the app's at the moment of saving. */
interface Draft {
  channels: NoticeChannelChoices;
  quiet: boolean;
  quietFrom: number;
  quietTo: number;
}

function draftOf(settings: NoticeSettingsAnswer): Draft {
  const quiet = settings.quietFrom !== settings.quietTo;
  return {
    channels: settings.channels,
    quiet,
    quietFrom: quiet ? settings.quietFrom : DEFAULT_QUIET.from,
    quietTo: quiet ? settings.quietTo : DEFAULT_QUIET.to,
  };
}

/** The body of PUT /api/notices/settings: equal from and to mean no quiet hours. */
export function bodyOf(draft: Draft, appLanguage: string): NoticeSettings {
  const language = noticeLanguage.catch('th').parse(appLanguage);
  const quiet = draft.quiet && draft.quietFrom !== draft.quietTo;
  return settingsBody({ language, channels: draft.channels, quietFrom: quiet ? draft.quietFrom : 0, quietTo: quiet ? draft.quietTo : 0 });
}

const errorOf = (error: Error): Message =>
  error instanceof AppNotificationsFailure ? { key: error.reason === 'no-service-worker' ? 'notices.app.noServiceWorker' : 'notices.app.failed' } : errorMessage(error);

/** Notifications: app notifications on this device, the channels per kind of notice, and quiet hours. */
export function NoticeSettingsSheet({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  useNoticeLanguageFollowsApp(queryClient);
  // Asked for beside the texts' download, not after it.
  useNoticeSettings();
  // Drawn once its texts are in: the first open waits for them as for the sheet's own code.
  return useSectionTexts(NOTICE_TEXTS) ? <Sheet onClose={onClose} /> : null;
}

function Sheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useNoticeSettings();
  const [appError, setAppError] = useState<Message | null>(null);
  const app = useAppNotifications({ onError: (failure) => setAppError(errorOf(failure)) });
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('notices.title')}>
      <p className="text-sm text-white/70">{t('notices.intro')}</p>
      <AppNotifications app={app} error={appError} onTap={() => setAppError(null)} />
      {settings.isPending && <p className="py-6 text-center text-white/60">{t('common.loading')}</p>}
      {settings.isError && (
        <div className="mt-4 space-y-3">
          <p role="alert" className="text-sm font-semibold text-rose-300">{errorText(t, settings.error)}</p>
          <Button variant="secondary" className="w-full" onClick={() => void settings.refetch()}>{t('common.retry')}</Button>
        </div>
      )}
      {settings.data && <SettingsForm settings={settings.data} appState={app.state} onSaved={onClose} />}
    </Modal>
  );
}

const APP_STATE_TEXT: Record<AppNotificationsState, string> = {
  checking: 'notices.app.checking',
  unsupported: 'notices.app.unsupported',
  unavailable: 'notices.app.unavailable',
  blocked: 'notices.app.blocked',
  off: 'notices.app.off',
  on: 'notices.app.on',
};

function AppNotifications({ app, error, onTap }: { app: ReturnType<typeof useAppNotifications>; error: Message | null; onTap: () => void }) {
  const { t } = useTranslation();
  const on = app.state === 'on';
  return (
    <section className="mt-4 rounded-2xl bg-white/5 p-4" aria-labelledby="notices-app-title" data-testid="notices-app">
      <div className="flex items-center justify-between gap-3">
        <h3 id="notices-app-title" className="font-semibold">{t('notices.app.title')}</h3>
        {on && <span className="shrink-0 rounded-full bg-emerald-400/15 px-2.5 py-1 text-xs font-semibold text-emerald-200">{t('notices.app.onBadge')}</span>}
      </div>
      <p className={`mt-1 text-sm ${app.state === 'blocked' ? 'text-amber-200' : 'text-white/70'}`} data-testid="notices-app-state">{t(APP_STATE_TEXT[app.state])}</p>
      {(app.state === 'off' || app.state === 'on') && (
        <Button
          variant={on ? 'secondary' : 'primary'}
          className="mt-3 w-full"
          busy={app.busy}
          onClick={() => {
            onTap();
            if (on) app.turnOff();
            else app.turnOn();
          }}
          data-testid={on ? 'notices-app-off' : 'notices-app-on'}
        >
          {on ? t('notices.app.turnOff') : t('notices.app.turnOn')}
        </Button>
      )}
      <p role="alert" className="mt-2 text-sm font-semibold text-rose-300 empty:hidden">{messageText(t, error)}</p>
    </section>
  );
}

/** App notifications that this phone cannot turn on now: the hint points at why, not at a button that is not there. */
const PUSH_NOT_HERE: readonly AppNotificationsState[] = ['unsupported', 'unavailable', 'blocked'];

function SettingsForm({ settings, appState, onSaved }: { settings: NoticeSettingsAnswer; appState: AppNotificationsState; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const hintsId = useId();
  const groupTitleId = useId();
  // Started once from what was loaded: a refetch (after app notifications are turned on) changes
  // what can be chosen, never what the member has chosen on the sheet.
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [error, setError] = useState<Message | null>(null);
  const save = useSaveNoticeSettings({
    onSuccess: () => {
      notify.success('notices-saved', t('notices.saved'));
      onSaved();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const edit = (next: Draft) => {
    setDraft(next);
    setError(null);
  };
  const toggle = (group: NoticeGroup, channel: NoticeChannelName) => {
    const chosen = draft.channels[group];
    const channels = chosen.includes(channel) ? chosen.filter((name) => name !== channel) : NOTICE_CHANNELS.filter((name) => name === channel || chosen.includes(name));
    edit({ ...draft, channels: { ...draft.channels, [group]: channels } });
  };
  const unreachable = NOTICE_CHANNELS.filter((channel) => !settings.reachable[channel]);

  return (
    <>
      <h3 className="mt-5 font-semibold">{t('notices.channelsTitle')}</h3>
      {unreachable.length > 0 && (
        <ul id={hintsId} className="mt-1 space-y-1 text-xs text-white/60" data-testid="notices-hints">
          {unreachable.map((channel) => (
            <li key={channel} data-testid={`notices-hint-${channel}`}>{t(channel === 'push' && PUSH_NOT_HERE.includes(appState) ? 'notices.hints.pushNotHere' : `notices.hints.${channel}`)}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 rounded-2xl bg-white/5" data-testid="notices-channels">
        <div aria-hidden className={`${CHANNEL_GRID} px-4 pb-1 pt-3`}>
          <span />
          {NOTICE_CHANNELS.map((channel) => (
            <span key={channel} className={`text-center text-xs font-semibold ${settings.reachable[channel] ? 'text-white/70' : 'text-white/40'}`}>{t(`notices.columns.${channel}`)}</span>
          ))}
        </div>
        <div className="divide-y divide-white/10">
          {NOTICE_GROUPS.map((group) => (
            <div key={group} role="group" aria-labelledby={`${groupTitleId}-${group}`} className={`${CHANNEL_GRID} px-4 py-2`} data-testid={`notices-group-${group}`}>
              <div className="min-w-0 py-1">
                <p id={`${groupTitleId}-${group}`} className="text-sm font-semibold">{t(`notices.groups.${group}`)}</p>
                {group === 'offers' && <p className="mt-1 text-xs text-white/60">{t('notices.offersNote')}</p>}
              </div>
              {NOTICE_CHANNELS.map((channel) => {
                if (!channelsOf(group).includes(channel)) return <span key={channel} aria-hidden className="text-center text-white/30">–</span>;
                const reachable = settings.reachable[channel];
                // A channel that cannot reach the member shows off and cannot be changed; the saved
                // choice stays as it was, so it works as soon as the channel does.
                const on = reachable && draft.channels[group].includes(channel);
                return (
                  <button
                    key={channel}
                    type="button"
                    aria-pressed={on}
                    aria-label={t(`notices.channels.${channel}`)}
                    disabled={!reachable}
                    aria-describedby={reachable ? undefined : hintsId}
                    onClick={() => toggle(group, channel)}
                    className={`mx-auto grid h-11 w-11 place-items-center rounded-xl border text-lg font-bold transition ${on ? 'border-gold-400 bg-gold-400 text-night-900' : reachable ? 'border-white/30 bg-night-900 hover:bg-white/10' : 'cursor-not-allowed border-dashed border-white/15 text-white/30'}`}
                    data-testid={`notices-${group}-${channel}`}
                  >
                    <span aria-hidden>{on ? '✓' : reachable ? '' : '–'}</span>
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <QuietHours draft={draft} onChange={edit} />
      <p role="alert" className="mt-3 text-sm font-semibold text-rose-300 empty:hidden" data-testid="notices-error">{messageText(t, error)}</p>
      <Button className="mt-4 w-full" busy={save.isPending} onClick={() => save.mutate(bodyOf(draft, i18n.language))} data-testid="notices-save">
        {t('shared.save')}
      </Button>
    </>
  );
}

function QuietHours({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const time = (which: 'quietFrom' | 'quietTo', label: string) => (
    <label className="block min-w-0 flex-1">
      <span className="block text-xs font-semibold text-white/70">{label}</span>
      <input
        type="time"
        step={60}
        required
        className={`${CONTROL} mt-1`}
        value={timeText(draft[which])}
        onChange={(event) => {
          const minutes = minutesOf(event.target.value);
          if (minutes !== null) onChange({ ...draft, [which]: minutes });
        }}
        data-testid={`notices-${which}`}
      />
    </label>
  );
  return (
    <section className="mt-5" aria-labelledby={labelId}>
      <div className="flex items-center justify-between gap-3">
        <h3 id={labelId} className="font-semibold">{t('notices.quiet.title')}</h3>
        <button
          type="button"
          role="switch"
          aria-checked={draft.quiet}
          aria-labelledby={labelId}
          onClick={() => onChange({ ...draft, quiet: !draft.quiet })}
          className={`flex h-8 w-14 shrink-0 items-center rounded-full px-1 transition ${draft.quiet ? 'justify-end bg-gold-400' : 'justify-start bg-white/10'}`}
          data-testid="notices-quiet"
        >
          <span aria-hidden className="h-6 w-6 rounded-full bg-white shadow" />
        </button>
      </div>
      {draft.quiet ? <div className="mt-3 flex gap-3">{time('quietFrom', t('notices.quiet.from'))}{time('quietTo', t('notices.quiet.to'))}</div> : <p className="mt-1 text-sm text-white/60">{t('notices.quiet.off')}</p>}
      <p className="mt-2 text-xs text-white/60" data-testid="notices-quiet-note">{t('notices.quiet.note')}</p>
    </section>
  );
}
