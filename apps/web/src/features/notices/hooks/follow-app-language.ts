import type { QueryClient } from '@tanstack/react-query';
import { type NoticeSettings, noticeLanguage } from '@wallet/contract';
import i18n from 'i18next';
import { useEffect } from 'react';
import { type NoticeSettingsAnswer, noticeSettingsQueryKey } from '../api/get-notice-settings';
import { saveNoticeSettings } from '../api/save-notice-settings';

let latestClient: QueryClient | null = null;
let listening = false;

/** The settings as the server takes them back: reachability is the server's to say. */
export function settingsBody({ language, channels, quietFrom, quietTo }: NoticeSettings): NoticeSettings {
  return { language, channels, quietFrom, quietTo };
}

function sendLanguage(language: string): void {
  const settings = latestClient?.getQueryData<NoticeSettingsAnswer>(noticeSettingsQueryKey);
  const wanted = noticeLanguage.safeParse(language);
  if (!latestClient || !settings || !wanted.success || settings.language === wanted.data) return;
  const client = latestClient;
  // Quietly: the next save from the notifications sheet sends the language again.
  saveNoticeSettings({ ...settingsBody(settings), language: wanted.data }).then(
    (saved) => client.setQueryData(noticeSettingsQueryKey, saved),
    () => undefined,
  );
}

/**
 * Notices are written in the app's language: once the settings were loaded on this device, a switch
 * of the app's language is sent to the server too. The listener stays for the page's life, as the
 * settings stay in the cache after the sheet closes; signing out clears the cache, and with it any send.
 */
export function useNoticeLanguageFollowsApp(queryClient: QueryClient): void {
  useEffect(() => {
    latestClient = queryClient;
    if (listening) return;
    listening = true;
    i18n.on('languageChanged', sendLanguage);
  }, [queryClient]);
}
