import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { configChangesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

export const CONFIG_CHANGES_PAGE_SIZE = 25;
export type ConfigChangeStatus = 'proposed' | 'approved' | 'rejected';

/** GET /api/admin/config-changes?status=: money-making configuration waiting for, or decided by, a second operator. */
export const listConfigChanges = (status: ConfigChangeStatus, page: number, limit = CONFIG_CHANGES_PAGE_SIZE) =>
  api.get(`/api/admin/config-changes?status=${status}&page=${page}&limit=${limit}`, { schema: configChangesResponse });
export const useConfigChanges = (status: ConfigChangeStatus, page: number) =>
  useQuery({ queryKey: queryKeys.configChanges.list(status, page), queryFn: () => listConfigChanges(status, page), placeholderData: keepPreviousData });
