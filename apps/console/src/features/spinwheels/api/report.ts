import { useQuery } from '@tanstack/react-query';
import { spinReportResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/spinwheels/{id}/report: prizes paid against the odds. */
export const useCampaignReport = (id: string | null) =>
  useQuery({ queryKey: queryKeys.spinwheels.report(id), queryFn: () => api.get(`/api/admin/spinwheels/${id}/report`, { schema: spinReportResponse }), enabled: id !== null });
