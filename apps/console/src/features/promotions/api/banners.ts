import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBanner, adminBannersResponse, messageResponse } from '@wallet/contract';
import { api, uploadForm } from '../../../shared/api/client';

/** GET /api/admin/banners: every banner, by placement and bonus. */
export const useBanners = () => useQuery({ queryKey: ['banners'], queryFn: () => api.get('/api/admin/banners', { schema: adminBannersResponse }) });

/** POST /api/admin/banners (multipart): the picture is re-encoded by the server. */
export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => uploadForm('/api/admin/banners', form, adminBanner),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['banners'] }), queryClient.invalidateQueries({ queryKey: ['offers'] })]),
  });
}

/** DELETE /api/admin/banners/{id}. */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/banners/${id}`, { schema: messageResponse }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['banners'] }), queryClient.invalidateQueries({ queryKey: ['offers'] })]),
  });
}
