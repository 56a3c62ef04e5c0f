import { ApiError, createApiClient } from '@wallet/client-kit';
import { API_BASE } from '../../env';
import { clearSession, readToken } from '../storage';
import { markReachable } from './reachability';

export { ApiError, type RequestOptions } from '@wallet/client-kit';

/** SPEC §8: this Thai text ('cannot verify identity') also means the session is over. */
const THAI_CANNOT_VERIFY_IDENTITY = 'ไม่สามารถยืนยันตัวตนได้';

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);

/** The router registers itself so redirects stay inside the SPA. */
export function setApiNavigator(next: Navigate): void {
  navigate = next;
}

/** The member's session rules on every answer (SPEC §7, §8): a site gone, a session over. */
function sessionRules(message: string | undefined, status: number, _path: string, carried: string | null): void {
  if (message === 'gone') {
    navigate('/terminated');
    throw new ApiError('gone', status);
  }
  // A blocked member's session is refused on every call: back to login, which says why (the
  // login call itself carries no session, and shows the message in place).
  const blockedSession = message === 'INACTIVE_USER' && carried !== null;
  if (message === 'invalid-token' || message === THAI_CANNOT_VERIFY_IDENTITY || blockedSession) {
    // The answer of a call sent with a session this device no longer holds (the member signed out
    // while it was on its way, or in again since) changes nothing: the app has moved on.
    if (carried !== readToken()) throw new ApiError(message, status);
    clearSession();
    navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    throw new ApiError(message, status);
  }
}

export const api = createApiClient({ baseUrl: API_BASE, token: readToken, onAnswer: sessionRules, onReachable: markReachable });
