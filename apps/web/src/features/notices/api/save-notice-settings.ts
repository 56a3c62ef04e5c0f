import { useQueryClient } from '@tanstack/react-query';
import { type NoticeSettings } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { type CallCallbacks, useSingleFlightMutation } from '../../../shared/api/useMoneyMutation';
import { type NoticeSettingsAnswer, noticeSettingsQueryKey } from './get-notice-settings';
import { schemaOf } from '../../../shared/api/answers';

/** PUT /api/notices/settings: the whole settings; answers them as saved, with reachability. */
export const saveNoticeSettings = (settings: NoticeSettings) => api.put('/api/notices/settings', settings, { schema: schemaOf('noticeSettingsResponse') });

/** A double tap on save sends once: the second tap joins the call in flight. */
export function useSaveNoticeSettings({ onSuccess, onError }: CallCallbacks<NoticeSettingsAnswer>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveNoticeSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(noticeSettingsQueryKey, saved);
      onSuccess?.(saved);
    },
    onError,
  });
}
