import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SiteSettingsBody, settingsHistoryResponse, siteSettingsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { orPending } from '../../../shared/api/pending';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/settings/site: every operator setting. */
export const useSiteSettings = () => useQuery({ queryKey: queryKeys.settings.all, queryFn: () => api.get('/api/admin/settings/site', { schema: siteSettingsResponse }) });

/** PUT /api/admin/settings/site (admins): the changed settings; the settings and their history reload. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SiteSettingsBody) => api.put('/api/admin/settings/site', change, { schema: orPending(siteSettingsResponse) }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.settings.all }), queryClient.invalidateQueries({ queryKey: queryKeys.configChanges.all })]),
  });
}

export const HISTORY_PAGE_SIZE = 20;
/** GET /api/admin/settings/history: each change with who, when, from where, before and after. */
export const getSettingsHistory = (page: number, limit = HISTORY_PAGE_SIZE) => api.get(`/api/admin/settings/history?page=${page}&limit=${limit}`, { schema: settingsHistoryResponse });
export const useSettingsHistory = (page: number) => useQuery({ queryKey: queryKeys.settings.history(page), queryFn: () => getSettingsHistory(page), placeholderData: keepPreviousData });
