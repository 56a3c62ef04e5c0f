import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELAYS_MS, OTP_RULES, PASSWORD_MAX, PASSWORD_MIN, isValidPhone } from '@wallet/contract';
import { SITE_PROFILE } from '../../env';
import { errorText } from '../../shared/api/messages';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Card, Page } from '../../shared/ui/Page';
import { ResendButton } from '../../shared/ui/ResendButton';
import { resetPassword } from './api/reset-password';
import { sendResetCode } from './api/send-reset-code';
import { notify } from '../../shared/notify';

const CODE_PATTERN = new RegExp(`^\\d{${OTP_RULES.length}}$`);

/**
 * A member who forgot their password: the phone, then the SMS code with a new password, then back
 * to log in (docs/adr/0314-the-web-screen.md). The server answers the phone step the same
 * whether or not the number is a member's, so the screen says "if".
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState({ otpRef: '', sentAt: 0 });
  const [form, setForm] = useState({ otpCode: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  // A second tap lands before React has re-rendered the button as busy: the ref holds it off.
  const inFlight = useRef(false);

  const fail = (message: string) => notify.error('forgot-password', message, { duration: DELAYS_MS.toast });

  async function run(work: () => Promise<unknown>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(errorText(t, error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function requestCode() {
    const answer = await sendResetCode(phone);
    // An error of the try before goes once the server has answered.
    notify.dismiss('forgot-password');
    setSent({ otpRef: answer.otpRef, sentAt: Date.now() });
    setForm((current) => ({ ...current, otpCode: '' }));
    setStep('code');
  }

  const submitPhone = () =>
    run(async () => {
      if (!isValidPhone(phone, SITE_PROFILE.site)) return fail(t(SITE_PROFILE.phoneHintKey));
      await requestCode();
    });

  const submitReset = () =>
    run(async () => {
      if (!form.otpCode || !form.newPassword || !form.confirmPassword) return fail(t('validation.allRequired'));
      if (!CODE_PATTERN.test(form.otpCode)) return fail(t('validation.otpDigits'));
      if (form.newPassword.length < PASSWORD_MIN || form.newPassword.length > PASSWORD_MAX) return fail(t('validation.passwordLength'));
      if (form.newPassword !== form.confirmPassword) return fail(t('validation.passwordsMismatch'));
      await resetPassword({ phoneNumber: phone, otpRef: sent.otpRef, otpCode: form.otpCode, newPassword: form.newPassword });
      notify.success('forgot-password', t('forgot.success'), { duration: DELAYS_MS.toast });
      navigate('/login', { replace: true });
    });

  return (
    <Page title={t('forgot.title')}>
      <Card>
        <h1 className="mb-2 text-2xl font-bold">{t('forgot.title')}</h1>
        {step === 'phone' && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitPhone())} noValidate>
            <p className="text-white/80">{t('forgot.intro')}</p>
            <TextField
              label={t('forgot.phone')}
              name="phone"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={SITE_PROFILE.phone.maxLength}
              value={phone}
              onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" className="w-full" busy={busy} data-testid="forgot-send">
              {t('forgot.sendCode')}
            </Button>
          </form>
        )}
        {step === 'code' && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitReset())} noValidate>
            <p className="text-white/80" data-testid="forgot-sent">{t('forgot.codeSent', { phone })}</p>
            <p className="rounded-xl bg-white/5 px-3 py-2 text-center text-lg font-semibold tracking-wider text-gold-300" data-testid="otp-ref">
              {t('forgot.reference', { ref: sent.otpRef })}
            </p>
            <TextField
              label={t('forgot.code')}
              name="otpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_RULES.length}
              value={form.otpCode}
              onChange={(event) => setForm({ ...form, otpCode: event.target.value.replace(/\D/g, '') })}
              className="block h-14 w-full rounded-2xl border border-white/10 bg-night-800 px-4 text-center font-mono text-2xl tracking-[0.5em] text-white focus:border-gold-400 focus:outline-none"
            />
            <TextField
              label={t('forgot.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint={t('forgot.passwordHint')}
              maxLength={PASSWORD_MAX}
              value={form.newPassword}
              onChange={(event) => setForm({ ...form, newPassword: event.target.value })}
            />
            <TextField
              label={t('forgot.confirmPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={form.confirmPassword}
              onChange={(event) => setForm({ ...form, confirmPassword: event.target.value })}
            />
            <Button type="submit" className="w-full" busy={busy} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
            <ResendButton sentAt={sent.sentAt} disabled={busy} onResend={() => void run(requestCode)} />
            <Button variant="ghost" className="w-full" disabled={busy} onClick={() => setStep('phone')} data-testid="forgot-other-phone">
              {t('forgot.otherPhone')}
            </Button>
          </form>
        )}
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="inline-flex min-h-11 items-center font-bold text-gold-300 underline-offset-4 hover:underline">
            {t('forgot.backToLogin')}
          </Link>
        </p>
      </Card>
    </Page>
  );
}
