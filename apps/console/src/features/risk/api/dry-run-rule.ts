import { useMutation } from '@tanstack/react-query';
import { riskDryRunResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import type { RuleChange } from './change-rule';

/** POST /api/admin/risk/rules/{code}/dry-run: what the proposed mode and thresholds would have decided over the last 90 days' decisions. Nothing is saved. */
export const useDryRunRule = () =>
  useMutation({ mutationFn: ({ code, mode, params }: Omit<RuleChange, 'after'>) => api.post(`/api/admin/risk/rules/${code}/dry-run`, { mode, params }, { schema: riskDryRunResponse }) });
