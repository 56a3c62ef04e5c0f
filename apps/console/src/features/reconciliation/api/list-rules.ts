import { useQuery } from '@tanstack/react-query';
import { reconciliationRulesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/reconciliation/rules: each source's rule in force (its latest version). */
export const useRules = () =>
  useQuery({ queryKey: queryKeys.reconciliation.rules, queryFn: () => api.get('/api/admin/reconciliation/rules', { schema: reconciliationRulesResponse }).then((answer) => answer.rules) });
