import type { QueryClient } from '@tanstack/react-query';
import { invalidateMoneyViews } from '../wallet';

/** After a reward or the end of a condition: the wallet, the statement, the condition and the offers show it. */
export async function invalidateRewardViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([invalidateMoneyViews(queryClient), queryClient.invalidateQueries({ queryKey: ['bonus'] }), queryClient.invalidateQueries({ queryKey: ['invite'] }), queryClient.invalidateQueries({ queryKey: ['refund'] })]);
}
