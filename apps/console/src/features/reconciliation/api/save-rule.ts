import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReconciliationRuleSettings, type ReconciliationSourceName, reconciliationRule } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { joinInFlight } from '../../../shared/api/join-in-flight';
import { queryKeys } from '../../../shared/api/keys';

type RuleSaved = { source: ReconciliationSourceName; settings: ReconciliationRuleSettings; note: string };
// A double press saves one version, not two.
const saveRule = joinInFlight(
  ({ source }: RuleSaved) => source,
  ({ source, settings, note }: RuleSaved) => api.post(`/api/admin/reconciliation/rules/${source}`, { settings, note }, { schema: reconciliationRule }),
);

/** POST /api/admin/reconciliation/rules/{source}: the rule's next version, with why; later runs use it. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRule, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reconciliation.rules }) });
}
