import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RiskRuleMode, riskRuleVersion } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

export type RuleParams = Record<string, number | Record<string, number>>;
export interface RuleChange {
  code: string;
  /** The version the admin saw: another change since is refused (409 RULE_CHANGED), never overwritten. */
  after: number;
  mode: RiskRuleMode;
  params: RuleParams;
}

// A double press makes one version, not a version and a refusal.
const changeRule = joinInFlight(
  ({ code, after }: RuleChange) => `${code}:${after}`,
  ({ code, after, mode, params }: RuleChange) => api.post(`/api/admin/risk/rules/${code}`, { after, mode, params }, { schema: riskRuleVersion }),
);

/** POST /api/admin/risk/rules/{code}: the rule's next version (admins); decisions from then on use it. */
export function useChangeRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRule,
    // Saved or refused as stale, the rule in force and its history reload.
    onSettled: (_answer, _error, change) => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.risk.rules }), queryClient.invalidateQueries({ queryKey: queryKeys.risk.versions(change.code) })]),
  });
}
