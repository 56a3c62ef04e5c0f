import { useMutation } from '@tanstack/react-query';
import { type ReconciliationRuleSettings, type ReconciliationSourceName, dryRunResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/** POST /api/admin/reconciliation/rules/{source}/dry-run: what a rule would match on a day; nothing is kept. */
export const useDryRun = () =>
  useMutation({
    mutationFn: ({ source, settings, day }: { source: ReconciliationSourceName; settings: ReconciliationRuleSettings; day: string }) =>
      api.post(`/api/admin/reconciliation/rules/${source}/dry-run`, { settings, day }, { schema: dryRunResponse }),
  });
