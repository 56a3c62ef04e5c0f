import { useQuery } from '@tanstack/react-query';
import { riskRulesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/risk/rules: every rule, what it decides and answers, and its version in force. */
export const useRiskRules = () => useQuery({ queryKey: queryKeys.risk.rules, queryFn: () => api.get('/api/admin/risk/rules', { schema: riskRulesResponse }).then((answer) => answer.rules) });
