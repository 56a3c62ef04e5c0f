import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, saveToken } from '../../shared/api/client';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { signIn as signInCall } from './api/sign-in';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', password: '', code: '' });
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: () => signInCall({ username: form.username, password: form.password, ...(askCode ? { code: form.code } : {}) }),
    onSuccess: ({ token }) => {
      saveToken(token);
      navigate('/');
    },
    onError: (failure) => {
      // The password was right: the second step asks for the code.
      if (failure instanceof ApiError && failure.code === 'TOTP_REQUIRED') {
        setAskCode(true);
        setError(null);
        return;
      }
      setError(errorText(failure));
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.username.trim() || !form.password || (askCode && !form.code.trim())) return;
    signIn.mutate();
  }
  return (
    <div className="grid min-h-dvh place-items-center">
      <form className="w-[360px] space-y-4 rounded-xl border border-white/10 bg-desk-850 p-6" onSubmit={submit}>
        <h1 className="text-lg font-bold">{t('login.title')}</h1>
        <TextField label={t('login.username')} name="adminUsername" autoComplete="username" value={form.username} disabled={askCode} onChange={(event) => setForm({ ...form, username: event.target.value })} />
        <TextField label={t('login.password')} name="adminPassword" type="password" autoComplete="current-password" value={form.password} disabled={askCode} onChange={(event) => setForm({ ...form, password: event.target.value })} />
        {askCode && (
          <>
            <TextField label={t('login.code')} name="adminCode" autoComplete="one-time-code" inputMode="numeric" autoFocus value={form.code} onChange={(event) => setForm({ ...form, code: event.target.value })} />
            <p className="text-xs text-white/60">{t('login.codeHint')}</p>
          </>
        )}
        <p role="alert" className="min-h-5 text-sm text-rose-300" data-testid="admin-login-error">{error}</p>
        <Button type="submit" className="w-full" busy={signIn.isPending} data-testid="admin-login">{t('login.submit')}</Button>
      </form>
    </div>
  );
}
