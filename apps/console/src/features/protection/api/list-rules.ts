import { useQuery } from '@tanstack/react-query';
import { harmRulesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/protection/harm-rules: each marker's rule in force (version, points, thresholds) and the levels' scores. */
export const useHarmRules = () => useQuery({ queryKey: queryKeys.harm.rules, queryFn: () => api.get('/api/admin/protection/harm-rules', { schema: harmRulesResponse }).then((answer) => answer.rules) });
