import { type LoaderFunctionArgs, redirect } from 'react-router';
import { CLIENT_HEADER } from '@wallet/contract';
import { API_BASE } from '../env';
import { ApiError } from '../shared/api/client';
import { checkSiteActive } from '../shared/api/lookup/check-site-active';
import { clearSession, readToken } from '../shared/storage';

/** SPEC §2: /login first asks whether the site is active; a terminated site goes to /terminated. */
export async function loginLoader(): Promise<Response | null> {
  try {
    await checkSiteActive();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'gone') return redirect('/terminated');
  }
  return null;
}

/** SPEC §2: a route needing auth without a stored token goes to /login with the intended url. */
export function requireTokenLoader({ request }: LoaderFunctionArgs): Response | null {
  if (readToken()) return null;
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** SPEC §2: entering the public shell while a token exists clears the stored session. */
export function publicShellLoader(): null {
  const token = readToken();
  if (token) {
    // Revoke it on the server too; a failure here changes nothing for the visitor.
    void fetch(`${API_BASE}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, [CLIENT_HEADER.name]: CLIENT_HEADER.value },
    }).catch(() => {});
    clearSession();
  }
  return null;
}
