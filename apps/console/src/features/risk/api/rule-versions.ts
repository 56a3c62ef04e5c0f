import { useQuery } from '@tanstack/react-query';
import { riskRuleVersionsResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/risk/rules/{code}/versions: a rule's versions, newest first, each with who made it. */
export const useRuleVersions = (code: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.risk.versions(code),
    queryFn: () => api.get(`/api/admin/risk/rules/${code}/versions`, { schema: riskRuleVersionsResponse }).then((answer) => answer.versions),
    enabled,
  });
