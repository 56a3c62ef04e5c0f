import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Link, useLocation, useNavigate } from 'react-router';
import { type Message, errorMessage, messageText } from '../../shared/api/messages';
import { loadAllTexts } from '../../shared/i18n';
import { safeRedirect } from '../../shared/safeRedirect';
import { saveToken } from '../../shared/storage';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Card, Page } from '../../shared/ui/Page';
import { useWhenIdle } from '../../shared/useWhenIdle';
import { login as loginCall } from './api/login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  // The code, not the text: the line follows a language switch (SPEC §2 Login).
  const [error, setError] = useState<Message | null>(null);

  // One call, no cache to keep: plain state rather than a TanStack mutation, so the query library
  // is not in the login screen's first download.
  const [pending, setPending] = useState(false);

  // The error table is not in the first screen's texts: the rest of the language's
  // texts load once the page is idle (the member's home needs them next anyway), and a failed
  // login waits for them before it says why. Without them (offline) the line shows the code.
  const idle = useWhenIdle();
  useEffect(() => {
    if (idle) void loadAllTexts().catch(() => undefined);
  }, [idle]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) return setError({ key: 'login.required' });
    setPending(true);
    const texts = loadAllTexts().catch(() => undefined);
    try {
      const { token } = await loginCall({ username, password });
      saveToken(token, remember);
      navigate(safeRedirect(new URLSearchParams(search).get('redirect')), { replace: true });
    } catch (failure) {
      await texts;
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  /** SPEC §2: the error line is cleared on typing. */
  const typing = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  return (
    <Page title={t('login.title')}>
      <Card>
        <h1 className="mb-5 text-2xl font-bold">{t('login.title')}</h1>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('login.phone')}
            name="username"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={15}
            value={username}
            onChange={(event) => typing(setUsername)(event.target.value.replace(/\D/g, ''))}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => typing(setPassword)(event.target.value)}
          />
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-white/80">
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                className="h-5 w-5 accent-gold-400"
              />
              {t('login.remember')}
            </label>
            <Link to="/forgot-password" className="inline-flex min-h-11 items-center text-sm font-bold text-gold-300 underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
          <Button type="submit" className="w-full" busy={pending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <p role="alert" data-testid="login-error" className="min-h-6 text-center text-sm font-semibold text-rose-300">
            {messageText(t, error)}
          </p>
        </form>
        <p className="mt-2 text-center text-sm text-white/70">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-bold text-gold-300 underline-offset-4 hover:underline">
            {t('login.toRegister')}
          </Link>
        </p>
      </Card>
    </Page>
  );
}
