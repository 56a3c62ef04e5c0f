import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HarmRuleVersion, harmRulesResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

export interface HarmRuleChange {
  code: HarmRuleVersion['code'];
  /** The version the admin saw: another change since is refused (409 RULE_CHANGED), never overwritten. */
  after: number;
  points: number;
  params: Record<string, number>;
}

// A double press makes one version, not a version and a refusal.
const changeRule = joinInFlight(
  ({ code, after }: HarmRuleChange) => `${code}:${after}`,
  ({ code, after, points, params }: HarmRuleChange) => api.put(`/api/admin/protection/harm-rules/${code}`, { after, points, params }, { schema: harmRulesResponse }).then((answer) => answer.rules),
);

/** PUT /api/admin/protection/harm-rules/{code} (admins): the rule's next version; assessments from then on use it. */
export function useChangeHarmRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRule,
    onSuccess: (rules) => queryClient.setQueryData(queryKeys.harm.rules, rules),
    // Refused as stale, the rules in force reload: the form refills from the version now in force.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.harm.rules }),
  });
}
