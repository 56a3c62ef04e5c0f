import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Link, useLocation, useNavigate } from 'react-router';
import { type Currency, DELAYS_MS, OTP_RULES, choosesCurrency, isEnglishName, isValidPhone, joinAccountName, needsEnglishName, walletCurrencyOf } from '@wallet/contract';
import { bankNameIn } from '../../shared/format';
import { SITE_PROFILE } from '../../env';
import { ApiError } from '../../shared/api/client';
import { errorText } from '../../shared/api/messages';
import { clearInviteCode, readInviteCode, saveInviteCode } from '../../shared/storage';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { SelectField } from '../../shared/ui/LaterFields';
import { Card, Page } from '../../shared/ui/Page';
import { ResendButton } from '../../shared/ui/ResendButton';
import { banksQuery, useBanks } from '../../shared/api/lookup/get-banks';
import { registerOtpFlagQuery } from '../../shared/api/lookup/get-register-otp';
import { sourcesQuery, useSources } from '../../shared/api/lookup/get-sources';
import { createAccount } from './api/create-account';
import { sendOtp } from './api/send-otp';
import { validateRegistration } from './api/validate-registration';
import { verifyOtp } from './api/verify-otp';
import { notify } from '../../shared/notify';

type Step = 1 | 2 | 3 | 4;
const STEP_KEYS = ['phone', 'otp', 'profile', 'bank'] as const;
const upper = (value: string) => value.toUpperCase();

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  const [step, setStep] = useState<Step>(1);
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState({ otpRef: '', otpToken: '', sentAt: 0 });
  const [otpCode, setOtpCode] = useState('');
  const [profile, setProfile] = useState({ name: '', password: '', confirmPassword: '', sourceCode: '', inviteCode: '' });
  const [bank, setBank] = useState({ bankCode: '', bankAccountNo: '', firstName: '', lastName: '', currency: SITE_PROFILE.currencies[0] as Currency });
  const [storedInvite, setStoredInvite] = useState<string | null>(null);
  // The server refused the inviter code: said at the field, with a way past it.
  const [inviteRefused, setInviteRefused] = useState(false);
  const [done, setDone] = useState(false);

  // SPEC §2: the invite code may come from ?code=; it is stored, and then read-only.
  useEffect(() => {
    const fromQuery = new URLSearchParams(search).get('code')?.trim().toUpperCase();
    if (fromQuery) saveInviteCode(fromQuery);
    const stored = readInviteCode();
    setStoredInvite(stored);
    if (stored) setProfile((current) => ({ ...current, inviteCode: stored }));
  }, [search]);

  const fail = (message: string) => notify.error('register', message, { duration: DELAYS_MS.toast });

  async function run(work: () => Promise<unknown>) {
    // A new try: the error of the last one no longer stands.
    notify.dismiss('register');
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  async function requestOtp() {
    const sent = await sendOtp(phone);
    if (sent.code === 'OTP_VERIFIED') return setStep(3);
    setOtp({ otpRef: sent.otpRef, otpToken: sent.otpToken, sentAt: Date.now() });
    setOtpCode('');
    setStep(2);
  }

  const submitPhone = () =>
    run(async () => {
      if (!isValidPhone(phone, SITE_PROFILE.site)) return fail(t(SITE_PROFILE.phoneHintKey));
      // The page asks the server nothing before the member gives a phone (ADR 0473): the later
      // steps' lists are asked for now, while the member reads the SMS.
      void queryClient.prefetchQuery(sourcesQuery(i18n.language));
      void queryClient.prefetchQuery(banksQuery);
      // A flag that cannot be read asks for the SMS code, the stricter way.
      const [, asksForOtp] = await Promise.all([
        validateRegistration({ username: phone }),
        queryClient.fetchQuery(registerOtpFlagQuery).then((flag) => flag.registerOTP, () => true),
      ]);
      if (asksForOtp) await requestOtp();
      else setStep(3);
    });

  const submitOtp = () =>
    run(async () => {
      if (!new RegExp(`^\\d{${OTP_RULES.length}}$`).test(otpCode)) return fail(t('validation.otpDigits'));
      await verifyOtp(otp.otpToken, otpCode);
      setStep(3);
    });

  const submitProfile = (inviteCode = profile.inviteCode) =>
    run(async () => {
      if (!profile.name.trim() || !phone || !profile.password || !profile.confirmPassword) return fail(t('validation.allRequired'));
      if (profile.password !== profile.confirmPassword) return fail(t('validation.passwordsMismatch'));
      try {
        await validateRegistration({
          username: phone,
          name: profile.name.trim(),
          password: profile.password,
          ...(profile.sourceCode ? { sourceCode: profile.sourceCode } : {}),
          ...(inviteCode ? { inviteCode } : {}),
        });
      } catch (error) {
        // At this step only the inviter code can be INVALID_USER_INFO (the phone was checked at step 1).
        if (inviteCode && error instanceof ApiError && error.code === 'INVALID_USER_INFO') return setInviteRefused(true);
        throw error;
      }
      setStep(4);
    });

  /** Forgets a refused code, stored or typed, and lets the member type another or none. */
  function removeInviteCode() {
    clearInviteCode();
    setStoredInvite(null);
    setInviteRefused(false);
    setProfile((current) => ({ ...current, inviteCode: '' }));
    // A ?code= left in the address would store the refused code again on the next load.
    if (new URLSearchParams(search).has('code')) navigate('/register', { replace: true });
  }

  function continueWithoutInviteCode() {
    removeInviteCode();
    void submitProfile('');
  }

  const submitBank = () =>
    run(async () => {
      const accountName = joinAccountName(bank.firstName, bank.lastName);
      if (!bank.bankCode || !bank.firstName.trim() || !bank.lastName.trim() || !bank.bankAccountNo) return fail(t('validation.allRequired'));
      if (needsEnglishName(bank.bankCode) && !isEnglishName(accountName)) return fail(t('validation.englishOnly'));
      await createAccount({
        name: profile.name.trim(),
        username: phone,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode,
        bankCode: bank.bankCode,
        bankAccountName: accountName,
        bankAccountNo: bank.bankAccountNo,
        ...(choosesCurrency(SITE_PROFILE) ? { currency: bank.currency } : {}),
      });
      clearInviteCode();
      setDone(true);
      notify.success('register', t('register.success'), { duration: DELAYS_MS.toast });
      setTimeout(() => navigate('/login'), DELAYS_MS.registrationRedirect);
    });

  const englishNeeded = needsEnglishName(bank.bankCode);

  return (
    <Page title={t('register.title')}>
      <Card>
        <h1 className="text-2xl font-bold">{t('register.title')}</h1>
        <Stepper step={step} />
        {step === 1 && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitPhone())} noValidate>
            <TextField
              label={t('register.phone')}
              name="phone"
              hint={t('register.phoneHint')}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={SITE_PROFILE.phone.maxLength}
              value={phone}
              onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" className="w-full" busy={busy} data-testid="register-next">
              {t('shared.next')}
            </Button>
          </form>
        )}
        {step === 2 && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitOtp())} noValidate>
            <p className="text-white/80">{t('register.otpSent', { phone })}</p>
            <p className="rounded-xl bg-white/5 px-3 py-2 text-center text-lg font-semibold tracking-wider text-gold-300" data-testid="otp-ref">
              {t('register.otpRef', { ref: otp.otpRef })}
            </p>
            <TextField
              label={t('register.otpCode')}
              name="otpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_RULES.length}
              value={otpCode}
              onChange={(event) => setOtpCode(event.target.value.replace(/\D/g, ''))}
              className="block h-14 w-full rounded-2xl border border-white/10 bg-night-800 px-4 text-center font-mono text-2xl tracking-[0.5em] text-white focus:border-gold-400 focus:outline-none"
            />
            <Button type="submit" className="w-full" busy={busy} data-testid="register-next">
              {t('common.confirm')}
            </Button>
            <ResendButton sentAt={otp.sentAt} disabled={busy} onResend={() => run(requestOtp)} />
          </form>
        )}
        {step === 3 && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitProfile())} noValidate>
            <TextField label={t('register.profileName')} name="name" autoComplete="nickname" maxLength={100} value={profile.name} onChange={(event) => setProfile({ ...profile, name: event.target.value })} />
            <TextField label={t('register.phone')} name="username" value={phone} readOnly />
            <TextField label={t('register.password')} name="password" type="password" autoComplete="new-password" hint={t('register.passwordHint')} maxLength={128} value={profile.password} onChange={(event) => setProfile({ ...profile, password: event.target.value })} />
            <TextField label={t('register.confirmPassword')} name="confirmPassword" type="password" autoComplete="new-password" maxLength={128} value={profile.confirmPassword} onChange={(event) => setProfile({ ...profile, confirmPassword: event.target.value })} />
            <SelectField label={t('register.source')} name="sourceCode" value={profile.sourceCode} onChange={(event) => setProfile({ ...profile, sourceCode: event.target.value })}>
              <option value="">{t('register.sourcePlaceholder')}</option>
              <SourceOptions />
            </SelectField>
            <TextField
              label={t('register.inviter')}
              name="inviteCode"
              maxLength={20}
              value={profile.inviteCode}
              readOnly={!!storedInvite}
              error={inviteRefused ? t('register.inviteRefused', { code: profile.inviteCode }) : undefined}
              onChange={(event) => {
                setInviteRefused(false);
                setProfile({ ...profile, inviteCode: upper(event.target.value) });
              }}
            />
            {inviteRefused && (
              // One above the other: side by side, "go on without" broke onto two lines in Thai and Lao at 390 px.
              <div className="grid gap-3" data-testid="invite-refused-actions">
                <Button variant="secondary" className="px-3 text-sm" onClick={removeInviteCode} data-testid="invite-remove">
                  {t('register.inviteRemove')}
                </Button>
                <Button variant="secondary" className="px-3 text-sm" busy={busy} onClick={continueWithoutInviteCode} data-testid="invite-skip">
                  {t('register.inviteSkip')}
                </Button>
              </div>
            )}
            <Button type="submit" className="w-full" busy={busy} data-testid="register-next">
              {t('shared.next')}
            </Button>
          </form>
        )}
        {step === 4 && (
          <form className="space-y-4" onSubmit={(event) => (event.preventDefault(), void submitBank())} noValidate>
            <SelectField label={t('register.bank')} name="bankCode" value={bank.bankCode} onChange={(event) => setBank({ ...bank, bankCode: event.target.value })}>
              <option value="">{t('register.bankPlaceholder')}</option>
              <BankOptions />
            </SelectField>
            <TextField label={t('register.accountNo')} name="bankAccountNo" inputMode="numeric" maxLength={20} value={bank.bankAccountNo} onChange={(event) => setBank({ ...bank, bankAccountNo: event.target.value.replace(/\D/g, '') })} />
            <div className="grid grid-cols-2 gap-3">
              <TextField label={t('register.firstName')} name="firstName" autoComplete="given-name" maxLength={50} value={bank.firstName} onChange={(event) => setBank({ ...bank, firstName: upper(event.target.value) })} />
              <TextField label={t('register.lastName')} name="lastName" autoComplete="family-name" maxLength={50} value={bank.lastName} onChange={(event) => setBank({ ...bank, lastName: upper(event.target.value) })} />
            </div>
            {englishNeeded && <p className="text-sm text-gold-300">{t('register.englishHint')}</p>}
            {choosesCurrency(SITE_PROFILE) && (
              <SelectField label={t('register.currency')} name="currency" value={bank.currency} onChange={(event) => setBank({ ...bank, currency: event.target.value as Currency })}>
                {SITE_PROFILE.currencies.map((currency) => (
                  <option key={currency} value={currency}>{`${t(`money.${walletCurrencyOf(currency)}`)} (${currency})`}</option>
                ))}
              </SelectField>
            )}
            <Button type="submit" className="w-full" busy={busy} disabled={done} data-testid="register-submit">
              {t('register.submit')}
            </Button>
          </form>
        )}
        {(step === 3 || step === 4) && !done && (
          <Button variant="ghost" className="mt-2 w-full" onClick={() => setStep(step === 4 ? 3 : 1)}>
            {t('shared.back')}
          </Button>
        )}
        <p className="mt-4 text-center text-sm text-white/70">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-bold text-gold-300 underline-offset-4 hover:underline">{t('register.toLogin')}</Link>
        </p>
      </Card>
    </Page>
  );
}

function SourceOptions() {
  const sources = useSources();
  return sources.data?.sources.map((source) => (
    <option key={source.code} value={source.code}>{source.description}</option>
  ));
}

function BankOptions() {
  const { i18n } = useTranslation();
  const banks = useBanks();
  return banks.data?.banks.map((item) => (
    <option key={item.code} value={item.code}>{bankNameIn(i18n.language, item)}</option>
  ));
}

function Stepper({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <ol className="my-5 grid grid-cols-4 gap-2" aria-label={t('register.step', { current: step, total: 4 })}>
      {STEP_KEYS.map((key, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'todo';
        return (
          <li key={key} className="flex flex-col items-center gap-1" aria-current={state === 'current' ? 'step' : undefined}>
            <span className={`grid h-8 w-8 place-items-center rounded-full text-sm font-bold ${state === 'todo' ? 'bg-white/10 text-white/50' : 'bg-gold-400 text-night-900'}`}>
              {state === 'done' ? '✓' : number}
            </span>
            <span className={`text-xs ${state === 'current' ? 'font-bold text-white' : 'text-white/50'}`}>{t(`register.steps.${key}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
