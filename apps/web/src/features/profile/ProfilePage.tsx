import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { DELAYS_MS, groupAccountNumber, groupPhone, isEnglishName, needsEnglishName } from '@wallet/contract';
import { SITE } from '../../env';
import { type Message, errorMessage, errorText, messageText } from '../../shared/api/messages';
import { bankNameIn, formatDateTime } from '../../shared/format';
import { useOverlay } from '../../shared/overlays/overlays';
import { useCopy } from '../../shared/useCopy';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Modal } from '../../shared/ui/Modal';
import { Card, Page } from '../../shared/ui/Page';
import { CopyIcon, LockIcon, PencilIcon } from '../../shared/ui/more-icons';
import { useChangeBankAccountName } from './api/change-bank-account-name';
import { useChangePassword } from './api/change-password';
import { useProfile } from './api/get-profile';
import { LineRow } from './components/LineRow';
import { notify } from '../../shared/notify';

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const copy = useCopy();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [bankNameOpen, setBankNameOpen] = useState(false);
  const overlay = useOverlay();
  const data = profile.data;
  // SPEC §2 Profile: the edit appears for KTB/TMB/BBL accounts whose name is not English.
  const canEditBankName = !!data && needsEnglishName(data.bankAccount.bankCode) && !isEnglishName(data.bankAccount.bankAccountName);

  return (
    <Page title={t('profile.title')}>
      <Card>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold" data-testid="profile-name">{data?.profile.name ?? t('common.loading')}</h1>
            {data && (
              <p className="mt-1 text-sm text-white/60">
                <span className="whitespace-nowrap">{t('profile.memberId')} {data.profile._id}</span> · <span className="whitespace-nowrap">{formatDateTime(data.profile.createdAt)}</span>
              </p>
            )}
          </div>
          <button type="button" onClick={() => setPasswordOpen(true)} aria-label={t('profile.changePassword')} className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-white/5 text-gold-300 hover:bg-white/10" data-testid="open-change-password">
            <LockIcon className="h-6 w-6" />
          </button>
        </div>
        {data && (
          <dl className="mt-5 divide-y divide-white/10 rounded-2xl bg-white/5">
            <Row label={t('profile.username')}>{groupPhone(data.profile.username, SITE)}</Row>
            <Row label={t('profile.bankAccountName')}>
              <span className="flex items-center gap-2">
                <span data-testid="bank-account-name">{data.bankAccount.bankAccountName}</span>
                {canEditBankName && (
                  <button type="button" onClick={() => setBankNameOpen(true)} aria-label={t('profile.editBankName')} className="grid h-10 w-10 place-items-center rounded-full text-gold-300 hover:bg-white/10">
                    <PencilIcon className="h-5 w-5" />
                  </button>
                )}
              </span>
            </Row>
            <Row label={t('profile.bankName')}>{bankNameIn(i18n.language, data.bankAccount.bank)}</Row>
            <Row label={t('profile.bankAccountNo')}>
              <span className="flex items-center gap-2">
                <span className="whitespace-nowrap font-mono" data-testid="bank-account-no">{groupAccountNumber(data.bankAccount.bankAccountNo)}</span>
                <button type="button" onClick={() => void copy(data.bankAccount.bankAccountNo)} aria-label={t('profile.copy')} className="grid h-10 w-10 place-items-center rounded-full text-gold-300 hover:bg-white/10">
                  <CopyIcon className="h-5 w-5" />
                </button>
              </span>
            </Row>
          </dl>
        )}
      </Card>
      <LineRow />
      <Link
        to="/user/figures"
        className="mt-4 flex min-h-14 items-center justify-between gap-3 rounded-3xl border border-white/10 bg-night-850/80 px-5 py-3 font-semibold text-gold-300 shadow-xl hover:bg-white/5"
        data-testid="open-figures"
      >
        {t('figures.open')} <span aria-hidden>›</span>
      </Link>
      <Link
        to="/user/protection"
        className="mt-3 flex min-h-14 items-center justify-between gap-3 rounded-3xl border border-white/10 bg-night-850/80 px-5 py-3 font-semibold text-gold-300 shadow-xl hover:bg-white/5"
        data-testid="open-protection"
      >
        {t('protection.open')} <span aria-hidden>›</span>
      </Link>
      <button
        type="button"
        onClick={() => void overlay.open('notices', {})}
        className="mt-3 flex min-h-14 w-full items-center justify-between gap-3 rounded-3xl border border-white/10 bg-night-850/80 px-5 py-3 text-left font-semibold text-gold-300 shadow-xl hover:bg-white/5"
        data-testid="open-notices"
      >
        {t('profile.openNotices')} <span aria-hidden>›</span>
      </button>
      <ChangePasswordModal open={passwordOpen} onOpenChange={setPasswordOpen} />
      {data && (
        <BankNameModal
          open={bankNameOpen}
          onOpenChange={setBankNameOpen}
          bankCode={data.bankAccount.bankCode}
          onSaved={(name) => setTimeout(() => void copy(name), DELAYS_MS.copyAfterBankNameSave)}
        />
      )}
    </Page>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 px-4 py-2">
      <dt className="text-sm text-white/60">{label}</dt>
      <dd className="text-right font-semibold">{children}</dd>
    </div>
  );
}

const EMPTY_PASSWORDS = { oldPassword: '', newPassword: '', confirm: '' };

function ChangePasswordModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY_PASSWORDS);
  const [error, setError] = useState<Message | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      // SPEC §2: the form is cleared on close.
      setForm(EMPTY_PASSWORDS);
      setError(null);
    }
    onOpenChange(next);
  };
  const save = useChangePassword({
    onSuccess: () => {
      notify.success('password', t('profile.passwordChanged'));
      close(false);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  function submit() {
    // SPEC §5: with a field empty, nothing happens.
    if (!form.oldPassword || !form.newPassword || !form.confirm) return;
    if (form.newPassword !== form.confirm) return setError({ key: 'validation.passwordsNotEqual' });
    save.mutate({ oldPassword: form.oldPassword, newPassword: form.newPassword });
  }
  const field = (key: keyof typeof EMPTY_PASSWORDS) => ({
    value: form[key],
    type: 'password',
    onChange: (event: { target: { value: string } }) => {
      setForm({ ...form, [key]: event.target.value });
      setError(null);
    },
  });
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('profile.changePassword')}
      footer={
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button onClick={submit} busy={save.isPending} data-testid="save-password">{t('shared.save')}</Button>
        </div>
      }
    >
      <div className="space-y-4">
        <TextField label={t('profile.oldPassword')} autoComplete="current-password" {...field('oldPassword')} />
        <TextField label={t('profile.newPassword')} autoComplete="new-password" {...field('newPassword')} />
        <TextField label={t('profile.confirmNewPassword')} autoComplete="new-password" {...field('confirm')} />
        <p role="alert" className="min-h-5 text-sm font-semibold text-rose-300">{messageText(t, error)}</p>
      </div>
    </Modal>
  );
}

function BankNameModal({ open, onOpenChange, bankCode, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; bankCode: string; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const save = useChangeBankAccountName(bankCode, {
    onSuccess: (bankAccountName) => {
      notify.success('bank-name', t('profile.bankNameSaved'));
      onOpenChange(false);
      onSaved(bankAccountName);
    },
    onError: (failure) => notify.error('bank-name', errorText(t, failure)),
  });
  function submit() {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (!trimmed || !isEnglishName(trimmed)) return notify.error('bank-name', t('validation.requiredEnglish'));
    save.mutate(trimmed);
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('profile.editBankName')}
      footer={<Button className="w-full" onClick={submit} busy={save.isPending}>{t('shared.save')}</Button>}
    >
      <p className="mb-4 text-sm text-white/70">{t('profile.bankNameHint')}</p>
      <TextField label={t('profile.bankAccountName')} value={name} maxLength={100} onChange={(event) => setName(event.target.value.toUpperCase())} />
    </Modal>
  );
}
