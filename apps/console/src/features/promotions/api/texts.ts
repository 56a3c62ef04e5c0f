import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LocalizedText, agreementsBody, noticeBody } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/agreements and /api/admin/notice. */
export const useAgreementTexts = () => useQuery({ queryKey: queryKeys.texts.agreements, queryFn: () => api.get('/api/admin/agreements', { schema: agreementsBody }) });
export const useNoticeText = () => useQuery({ queryKey: queryKeys.texts.notice, queryFn: () => api.get('/api/admin/notice', { schema: noticeBody }) });

/** PUT /api/admin/agreements: the html is sanitised by the server. */
export function useSaveAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreements: Record<'th' | 'lo' | 'en', string[]>) => api.put('/api/admin/agreements', { agreements }, { schema: agreementsBody }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.texts.all }),
  });
}

/** PUT /api/admin/notice. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: LocalizedText) => api.put('/api/admin/notice', { notice }, { schema: noticeBody }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.texts.all }),
  });
}
