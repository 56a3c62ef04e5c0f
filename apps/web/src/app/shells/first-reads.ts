import { type AnswerParser, parseBody, startSchema } from '@wallet/client-kit';
import { API_BASE } from '../../env';
import { schemaOf } from '../../shared/api/answers';
import { api } from '../../shared/api/client';
import { agreementStatusQuery, getAgreementStatus } from '../../shared/api/agreement/get-agreement-status';
import { activeConditionQuery, getActiveCondition } from '../../shared/api/promotions/get-active-condition';
import { getProtection, protectionQuery } from '../../shared/api/protection/get-protection';
import { markReachable } from '../../shared/api/reachability';
import { getSpinActive, spinActiveQuery } from '../../shared/api/spin';
import { getWallet, walletQuery } from '../../shared/api/wallet';
import i18n from '../../shared/i18n';
import { readToken } from '../../shared/storage';
import { queryClient } from '../query';

/**
 * The page's own read of `path`, taken once, through the rules of every answer (the session's, the
 * refusals', the contract's schema); the app's own call when the page made none, for another
 * session, or did not reach the server.
 */
function earlyOr<T>(path: string, schema: () => Promise<AnswerParser<T>>, ask: () => Promise<T>): () => Promise<T> {
  const early = window.earlyReads;
  let answer = early?.answers[path];
  if (!early || !answer || API_BASE !== '' || early.token !== readToken()) return ask;
  delete early.answers[path];
  return async () => {
    // Once: a retry asks the server again.
    const taken = answer;
    answer = undefined;
    if (!taken) return ask();
    const parser = startSchema(schema);
    const found = await taken;
    if (!found) return ask();
    markReachable(true);
    return parseBody(parser, api.interpret(path, found.status, found.ok, found.payload, early.token, found.retryAfter));
  };
}

/**
 * What home draws first from (the name, the total and the tiles; the limit prompt; the spin tile and
 * the condition's progress) and the agreement's status it asks for next, asked for as the member
 * area's code arrives: beside the rest of home's code and texts, not after them, or taken from the
 * page's own reads when it made them. The same queries home then reads, so home's own reads join
 * these instead of asking again; home waits for them before it is drawn (features/home/useDrawnWhole.ts).
 */
export function prefetchHomeReads(pathname: string): void {
  if (pathname !== '/user/home' || !readToken()) return;
  void queryClient.prefetchQuery({ ...walletQuery, queryFn: earlyOr('/api/wallet', schemaOf('walletResponse'), getWallet) });
  void queryClient.prefetchQuery({ ...protectionQuery, queryFn: earlyOr('/api/protection', schemaOf('protectionStatus'), getProtection) });
  void queryClient.prefetchQuery({ ...spinActiveQuery, queryFn: earlyOr('/api/spinwheel/active', schemaOf('spinActiveResponse'), getSpinActive) });
  void queryClient.prefetchQuery({ ...activeConditionQuery(i18n.language), queryFn: earlyOr('/api/bonus/check/active', schemaOf('bonusActiveResponse'), getActiveCondition) });
  void queryClient.prefetchQuery({ ...agreementStatusQuery, queryFn: earlyOr('/api/account/agreement', schemaOf('agreementStatusResponse'), getAgreementStatus) });
}
