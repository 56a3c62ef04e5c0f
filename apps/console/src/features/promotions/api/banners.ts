import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LocalizedText, adminBanner, adminBannersResponse, messageResponse } from '@wallet/contract';
import { api, uploadForm } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/banners: every banner, by placement and bonus. */
export const useBanners = () => useQuery({ queryKey: queryKeys.banners.all, queryFn: () => api.get('/api/admin/banners', { schema: adminBannersResponse }) });

/** POST /api/admin/banners (multipart): the picture is re-encoded by the server. */
export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => uploadForm('/api/admin/banners', form, adminBanner),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.banners.all }), queryClient.invalidateQueries({ queryKey: queryKeys.offers.all })]),
  });
}

/** PATCH /api/admin/banners/{id}: its order and its texts (the picture and placement stay; a new picture is a new banner). */
export function useEditBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position, html }: { id: string; position: number; html: LocalizedText }) => api.patch(`/api/admin/banners/${id}`, { position, html }, { schema: adminBanner }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.banners.all }), queryClient.invalidateQueries({ queryKey: queryKeys.offers.all })]),
  });
}

/** DELETE /api/admin/banners/{id}. */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/banners/${id}`, { schema: messageResponse }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.banners.all }), queryClient.invalidateQueries({ queryKey: queryKeys.offers.all })]),
  });
}
