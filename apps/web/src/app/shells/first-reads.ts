import { protectionQuery } from '../../shared/api/protection/get-protection';
import { walletQuery } from '../../shared/api/wallet';
import { readToken } from '../../shared/storage';
import { queryClient } from '../query';

/**
 * What home draws first from (the name, the total and the tiles; the limit prompt), asked for as
 * the member area's code arrives: beside the rest of home's code and texts, not after them. The
 * same queries home then reads, so home's own reads join these instead of asking again.
 */
export function prefetchHomeReads(pathname: string): void {
  if (pathname !== '/user/home' || !readToken()) return;
  void queryClient.prefetchQuery(walletQuery);
  void queryClient.prefetchQuery(protectionQuery);
}
