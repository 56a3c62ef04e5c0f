import { useQuery } from '@tanstack/react-query';
import { noticeTemplatesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/notice-templates: every kind of notice in th, lo and en (the text in force and the built-in one), and the sample amount previews fill in. */
export const useNoticeTemplates = () => useQuery({ queryKey: queryKeys.noticeTemplates, queryFn: () => api.get('/api/admin/notice-templates', { schema: noticeTemplatesResponse }) });
