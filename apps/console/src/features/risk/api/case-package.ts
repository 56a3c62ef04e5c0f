import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';
import { packageRows } from '../case-package';

/**
 * GET /api/admin/risk/cases/{id}/export.csv, read for the printable page: the same package as the
 * download (the member, the alerts, the movements around them, the notes), so the two never differ.
 */
export const useCasePackage = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.risk.case(id), 'package'],
    queryFn: async () => {
      const response = await fetch(`/api/admin/risk/cases/${id}/export.csv`, { headers: api.headers() });
      if (!response.ok) throw new ApiError('INTERNAL_SERVER_ERROR', response.status);
      return packageRows(await response.text());
    },
  });
