import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { readAmount } from '@wallet/client-kit/amount-input';
import {
  type DepositLookup,
  GATEWAY_QR_MINIMUM_BAHT,
  QR_QUICK_PICKS_BANK,
  TRUEWALLET_MINIMUM_BAHT,
  QR_QUICK_PICKS_GATEWAY,
  type QrRecord,
  groupAccountNumber,
  toMajor,
  walletCurrencyOf,
} from '@wallet/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { messageText } from '../../shared/api/messages';
import { protectionMessage, refusalText } from '../../shared/protection/refusal';
import { useMemberCurrency } from '../../shared/api/useMemberCurrency';
import { bankNameIn, formatMoney } from '../../shared/format';
import { useDepositMethods } from '../../shared/api/lookup/get-deposit-methods';
import { useActiveCondition } from '../../shared/api/promotions/get-active-condition';
import { invalidateMoneyViews, useWallet, walletQueryKey } from '../../shared/api/wallet';
import { useCopy } from '../../shared/useCopy';
import { Button } from '../../shared/ui/Button';
import { AmountField } from '../../shared/ui/LaterFields';
import { Modal } from '../../shared/ui/Modal';
import { Money, useMoneyFormat } from '../../shared/ui/Money';
import { CopyIcon } from '../../shared/ui/more-icons';
import { ManualNotice } from './ManualNotice';
import { SlipUpload } from './SlipUpload';
import { TruelinkForm } from './TruelinkForm';
import { LimitPrompt } from '../../shared/ui/LimitPrompt';
import { useCancelQr } from './api/cancel-qr';
import { useCreateQr } from './api/create-qr';
import { qrQueryKey, useOpenQr } from './api/get-open-qr';
import { useBankDepositArrival } from './api/watch-bank-deposits';
import { notify } from '../../shared/notify';

type Method = DepositLookup['banks'][number];
const isQrMethod = (method: Method) => method.bankType === 'QR' || method.bankType === 'GATEWAY';
/** A bank account whose statement the server reads: a transfer from the member's registered account is credited by itself. */
const isAutoBank = (method: Method) => method.creditsByItself;
/** The member's own account as they know it: its last four digits. */
export const maskedAccount = (accountNo: string) => `•••${accountNo.replace(/\D/g, '').slice(-4)}`;

/** SPEC §2 Deposit modal: each method by code; QR methods create, show, count down and cancel. */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const copy = useCopy();
  // A gateway's lookup names are its code (WW): the member reads what it is instead.
  const bankName = (method: Method) =>
    method.bankType === 'GATEWAY'
      ? t(`deposit.gateways.${method.bankCode}`, { defaultValue: method.bankName })
      : bankNameIn(i18n.language, { nameTH: method.bankName, nameEN: method.bankNameEN, nameLO: method.bankNameLO });
  const lookup = useDepositMethods();
  // Only methods that pay into the member's currency: TrueMoney and the gateways take baht.
  const currency = useMemberCurrency();
  const methods = lookup.data?.banks.filter((method) => method.currency === currency) ?? [];
  const rules = lookup.data?.currencies[currency];
  const [chosen, setChosen] = useState<Method | 'truelink' | 'slip' | 'notice' | null>(null);
  const takesBaht = currency === 'THB';
  const giftWallet = takesBaht ? lookup.data?.wallets.find((wallet) => wallet.mode === 'GIFT') : undefined;
  const autoWallet = takesBaht ? lookup.data?.wallets.find((wallet) => wallet.mode === 'AUTO' && wallet.walletAccountNo) : undefined;
  // A slip proves a transfer to one of the operator's bank accounts listed here.
  const takesSlips = methods.some((method) => method.bankType === 'BANK');
  // SPEC §4: a bonus is ended before the next deposit; the member reads so before choosing a method.
  const underCondition = useActiveCondition().data?.status === true;
  const registered = useWallet().data?.bankAccount;
  const autoBankHint = registered ? t('deposit.bankAuto', { bank: bankNameIn(i18n.language, registered.bank), account: maskedAccount(registered.bankAccountNo) }) : undefined;
  // Once the member has seen an account that credits by itself, the screen watches for the transfer until it closes.
  const showsAutoBank = chosen === null && methods.some(isAutoBank);
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (showsAutoBank) setWatching(true);
  }, [showsAutoBank]);
  const arrived = useBankDepositArrival(watching);
  const title = chosen === 'truelink' ? t('deposit.trueWallet') : chosen === 'slip' ? t('slip.title') : chosen === 'notice' ? t('deposit.notice') : chosen ? bankName(chosen) : t('deposit.title');

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      {underCondition && chosen === null && (
        <p role="status" className="mb-3 rounded-2xl bg-amber-400/10 p-3 text-sm font-semibold text-amber-200" data-testid="deposit-under-condition">
          {t('errors.DEPOSIT_UNDER_CONDITION')}
        </p>
      )}
      {arrived !== null && (
        <div role="status" className="mb-3 rounded-2xl border border-emerald-400/40 bg-emerald-500/10 p-3 text-center" data-testid="deposit-bank-received">
          <p className="font-bold">{t('deposit.bankReceived')}</p>
          <Money value={arrived} className="block text-2xl font-extrabold text-gold-300" testId="deposit-bank-received-amount" />
          <p className="text-sm text-white/70">{t('deposit.bankReceivedCredited')}</p>
        </div>
      )}
      {chosen === null && <LimitPrompt className="mb-3" onOpenLimits={onClose} />}
      {chosen === 'truelink' ? (
        <TruelinkForm onBack={() => setChosen(null)} onDone={onClose} />
      ) : chosen === 'slip' ? (
        <SlipUpload onBack={() => setChosen(null)} />
      ) : chosen === 'notice' ? (
        <ManualNotice minimum={rules?.minimum ?? 1} onBack={() => setChosen(null)} onDone={onClose} />
      ) : chosen && isQrMethod(chosen) ? (
        <QrDeposit method={chosen} quickPicks={rules?.quickPicks ?? [...QR_QUICK_PICKS_BANK]} minimum={chosen.bankType === 'GATEWAY' ? GATEWAY_QR_MINIMUM_BAHT : currency === 'THB' ? 0 : (rules?.minimum ?? 0)} onBack={() => setChosen(null)} onDone={onClose} />
      ) : (
        <ul className="space-y-3" data-testid="deposit-methods">
          {methods.map((method) => (
            <li key={`${method.bankCode}-${method.bankType}`}>
              {isQrMethod(method) ? (
                <MethodButton
                  onClick={() => setChosen(method)}
                  testId={`deposit-method-${method.bankCode}`}
                  title={method.bankType === 'GATEWAY' ? bankName(method) : `${bankName(method)} · QR`}
                  hint={method.bankType === 'GATEWAY' ? t('deposit.gatewayHint', { amount: GATEWAY_QR_MINIMUM_BAHT }) : t('deposit.qrHint')}
                />
              ) : (
                <AccountCard
                  title={bankName(method)}
                  accountNo={method.bankAccountNo}
                  accountName={method.bankAccountName}
                  hint={isAutoBank(method) ? autoBankHint : undefined}
                  testId={isAutoBank(method) ? `deposit-auto-bank-${method.bankCode}` : undefined}
                  onCopy={copy}
                />
              )}
            </li>
          ))}
          {takesSlips && (
            <li>
              <MethodButton onClick={() => setChosen('slip')} testId="deposit-method-slip" title={t('slip.title')} hint={t('slip.hint')} />
            </li>
          )}
          {lookup.data?.isManual && (
            <li>
              <MethodButton onClick={() => setChosen('notice')} testId="deposit-method-notice" title={t('deposit.notice')} hint={t('deposit.noticeHint')} />
            </li>
          )}
          {autoWallet?.walletAccountNo && (
            <li data-testid="deposit-method-truewallet-auto">
              <AccountCard
                title={t('deposit.trueWalletAuto')}
                accountNo={autoWallet.walletAccountNo}
                accountName={autoWallet.walletAccountName}
                hint={t('deposit.notes.trueWallet', { amount: TRUEWALLET_MINIMUM_BAHT })}
                onCopy={copy}
              />
            </li>
          )}
          {giftWallet && (
            <li>
              <MethodButton onClick={() => setChosen('truelink')} testId="deposit-method-truelink" title={t('deposit.trueWallet')} hint={giftWallet.walletAccountName} />
            </li>
          )}
        </ul>
      )}
      {chosen === null && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-white/50" data-testid="deposit-notes">
          {rules && <li>{t('deposit.notes.minimum', { amount: formatMoney(rules.minimum, i18n.language, currency) })}</li>}
          {takesBaht && <li>{t('deposit.notes.trueWallet', { amount: TRUEWALLET_MINIMUM_BAHT })}</li>}
          <li>{t('deposit.notes.oneTransfer')}</li>
          <li>{t('deposit.notes.slipGenuine', { minutes: 60 })}</li>
          <li>{t('deposit.notes.slipWindow')}</li>
          <li>{t('deposit.notes.credit')}</li>
          {takesBaht && <li>{t('deposit.notes.banks')}</li>}
        </ul>
      )}
      {chosen === null && (
        <Link to="/user/protection" onClick={onClose} className="mt-4 flex min-h-11 items-center justify-between gap-3 rounded-2xl bg-white/5 px-4 text-sm font-semibold text-gold-300 hover:bg-white/10" data-testid="deposit-protection-link">
          {t('protection.depositLink')} <span aria-hidden>›</span>
        </Link>
      )}
    </Modal>
  );
}

/** An account to pay into by hand, with its number to copy (SPEC §2: copy buttons). */
function AccountCard({ title, accountNo, accountName, hint, testId, onCopy }: { title: string; accountNo: string; accountName: string; hint?: string; testId?: string; onCopy: (text: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-white/10 bg-white/5 p-4" data-testid={testId}>
      <p className="font-semibold">{title}</p>
      <p className="flex items-center gap-2 font-mono text-lg">
        {groupAccountNumber(accountNo)}
        <button type="button" onClick={() => void onCopy(accountNo)} aria-label={t('profile.copy')} className="grid h-11 w-11 place-items-center rounded-full text-gold-300 hover:bg-white/10">
          <CopyIcon className="h-5 w-5" />
        </button>
      </p>
      <p className="text-sm text-white/70">{accountName}</p>
      {hint && <p className="mt-1 text-xs text-white/60" data-testid="deposit-account-hint">{hint}</p>}
    </div>
  );
}

function MethodButton({ onClick, testId, title, hint }: { onClick: () => void; testId: string; title: string; hint: string }) {
  return (
    <button type="button" onClick={onClick} data-testid={testId} className="flex min-h-16 w-full items-center justify-between rounded-2xl border border-white/10 bg-white/5 px-4 text-left hover:border-gold-400/60">
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="text-xs text-white/60">{hint}</span>
      </span>
      <span className="text-gold-300">›</span>
    </button>
  );
}

/** `minimum` is the least amount the create button takes (SPEC §5: 0 for a baht bank QR, 100 for gateways). */
function QrDeposit({ method, quickPicks, minimum, onBack, onDone }: { method: Method; quickPicks: readonly number[]; minimum: number; onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const gateway = method.bankType === 'GATEWAY';
  const picks = gateway ? QR_QUICK_PICKS_GATEWAY : quickPicks;
  // Lao banking apps pay whole kip only: the amount is read as the method's wallet currency.
  const currency = walletCurrencyOf(method.currency);
  const [amount, setAmount] = useState('');
  // The QR on screen; when the server says that one was paid, the member sees it paid.
  const shownQr = useRef<string | null>(null);
  const [credited, setCredited] = useState<number | null>(null);
  // The QR ran out while shown: amount entry says so instead of coming back silently.
  const [expired, setExpired] = useState(false);
  const current = useOpenQr(method.bankCode);
  const record = current.data;
  useEffect(() => {
    if (!record) return;
    if (record.hasQrcode) {
      shownQr.current = record.qrcodeId;
    } else if (record.paid && record.paid.qrcodeId === shownQr.current) {
      shownQr.current = null;
      setCredited(record.paid.amount);
      void invalidateMoneyViews(queryClient);
    }
  }, [record, queryClient]);

  const create = useCreateQr(method.bankCode, {
    onSuccess: (record) => {
      setExpired(false);
      // A QR on screen answers the member; an error left from an earlier try would contradict it.
      if (record.hasQrcode) notify.dismiss('qr');
      else notify.error('qr', messageText(t, protectionMessage(record)) || t(`errors.${record.message ?? 'QR_FAIL'}`, { defaultValue: record.message }));
    },
    onError: (error) => notify.error('qr', refusalText(t, error)),
  });
  const cancel = useCancelQr(method.bankCode);

  const typed = readAmount(amount, currency);
  const value = typed.amount === null ? 0 : toMajor(typed.amount);
  // SPEC §5: disabled at 0 or less (bank QR) or below 100 (gateways); under 1 it is silently
  // skipped, so the button does not look active for it either.
  const disabled = value < 1 || value < minimum || !typed.payable;
  const submit = () => {
    if (value < 1) return;
    create.mutate(value);
  };

  if (credited !== null) {
    return (
      <div className="space-y-4 text-center" data-testid="qr-paid" role="status">
        <p className="text-lg font-bold">{t('deposit.paidTitle')}</p>
        <Money value={credited} className="block text-3xl font-extrabold text-gold-300" testId="qr-paid-amount" />
        <p className="text-sm text-white/70">{t('deposit.paidCredited')}</p>
        <Button className="w-full" onClick={onDone} data-testid="qr-paid-done">{t('common.close')}</Button>
        <Button variant="ghost" className="w-full" onClick={() => setCredited(null)}>{t('deposit.anotherQr')}</Button>
      </div>
    );
  }
  if (record?.hasQrcode) {
    return (
      <QrShown
        record={record}
        typed={value}
        onExpired={() => {
          setExpired(true);
          queryClient.setQueryData(qrQueryKey(method.bankCode), { hasQrcode: false });
        }}
        onCancel={() => cancel.mutate(record.qrcodeId)}
        onTransferred={() => {
          notify.info('deposit-refresh', t('deposit.refreshBalance'));
          void queryClient.invalidateQueries({ queryKey: walletQueryKey });
          onDone();
        }}
      />
    );
  }
  // The minimum is said, not only applied by dimming the button.
  const minimumText = minimum > 0 ? t('deposit.qrMinimum', { amount: formatMoney(minimum, i18n.language, currency), currency }) : undefined;
  const underMinimum = amount !== '' && value > 0 && value < minimum;
  // A point typed in kip stays in the field (dropping it would multiply the amount): the member is told why the button is off.
  const fraction = typed.amount !== null && !typed.payable;
  return (
    <div className="space-y-4">
      {expired && (
        <p role="status" className="rounded-2xl bg-amber-400/10 p-3 text-sm font-semibold text-amber-200" data-testid="qr-expired">
          {t('deposit.qrExpired')}
        </p>
      )}
      <AmountField
        label={t('transfer.amount')}
        name="depositAmount"
        currency={currency}
        value={amount}
        hint={minimumText}
        error={underMinimum ? minimumText : fraction ? t('shared.wholeKip') : undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      <div className="grid grid-cols-3 gap-2">
        {picks.map((pick) => (
          <button key={pick} type="button" onClick={() => setAmount(String(pick))} className="min-h-12 rounded-2xl border border-white/10 bg-white/5 font-semibold hover:border-gold-400/60" data-testid={`pick-${pick}`}>
            {pick.toLocaleString()}
          </button>
        ))}
      </div>
      <Button className="w-full" disabled={disabled} busy={create.isPending} onClick={submit} data-testid="create-qr">
        {t('deposit.createQr')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('shared.back')}</Button>
    </div>
  );
}

/**
 * What a screen reader is told of the QR's time: at each whole minute, then at 30 and
 * 10 seconds; between those the text stays as it was, so nothing is spoken (a live region speaks
 * when its text changes, and it did every second).
 */
export function countdownMoment(secondsLeft: number): { minutes: number } | { seconds: number } | null {
  if (secondsLeft <= 0) return null;
  if (secondsLeft % 60 === 0) return { minutes: secondsLeft / 60 };
  if (secondsLeft === 30 || secondsLeft === 10) return { seconds: secondsLeft };
  return null;
}

function useCountdownAnnouncement(secondsLeft: number): string {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const moment = countdownMoment(secondsLeft);
  const text = moment === null ? null : 'minutes' in moment ? t('deposit.timeLeftMinutes', moment) : t('deposit.timeLeftSeconds', moment);
  useEffect(() => {
    if (text !== null) setSaid(text);
  }, [text]);
  return said;
}

/** `typed` is what the member asked for on this screen (0 when the QR was opened earlier): a QR may ask a few satang more, which the member is told. */
function QrShown({ record, typed, onExpired, onCancel, onTransferred }: { record: Extract<QrRecord, { hasQrcode: true }>; typed: number; onExpired: () => void; onCancel: () => void; onTransferred: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [now, setNow] = useState(Date.now());
  // SPEC §9: the countdown ticks every second; at 00:00 it goes back to amount entry.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((record.expireIn - now) / 1000));
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  const clock = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  const announcement = useCountdownAnnouncement(left);
  return (
    <div className="space-y-4 text-center" data-testid="qr-shown" data-qrcode-id={record.qrcodeId}>
      <div className="mx-auto w-64 rounded-2xl bg-white p-3">
        <QRCodeSVG value={record.payload} size={232} level="M" className="h-auto w-full" title={t('deposit.qrImage', { amount: money(record.amount) })} />
      </div>
      <Money value={record.amount} className="block text-3xl font-extrabold text-gold-300" testId="qr-amount" />
      {typed > 0 && record.amount !== typed && (
        <p className="rounded-2xl bg-white/5 p-3 text-sm text-white/80" data-testid="qr-amount-adjusted">
          {t('deposit.qrAmountAdjusted', { typed: money(typed), asked: money(record.amount) })}
        </p>
      )}
      {/* The clock ticks every second for the eye; a reader hears the time left only now and then. */}
      <p className="font-mono text-xl" data-testid="qr-countdown">{clock}</p>
      <p className="sr-only" aria-live="polite" data-testid="qr-countdown-announcement">
        {announcement}
      </p>
      <p className="text-sm text-white/60">{t('deposit.payHint')}</p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel} data-testid="cancel-qr">{t('common.cancel')}</Button>
        <Button onClick={onTransferred} data-testid="qr-transferred">{t('deposit.transferred')}</Button>
      </div>
    </div>
  );
}
