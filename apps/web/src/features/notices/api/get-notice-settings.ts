import { useQuery } from '@tanstack/react-query';
import { noticeSettingsResponse } from '@wallet/contract';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

export type NoticeSettingsAnswer = z.infer<typeof noticeSettingsResponse>;

export const noticeSettingsQueryKey = ['notices', 'settings'] as const;

/** GET /api/notices/settings: the channels per group, quiet hours, language, and which channels reach the member now. */
export const getNoticeSettings = () => api.get('/api/notices/settings', { schema: schemaOf('noticeSettingsResponse') });

export const useNoticeSettings = () => useQuery({ queryKey: noticeSettingsQueryKey, queryFn: getNoticeSettings });
