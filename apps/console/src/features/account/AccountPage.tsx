import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMe } from '../../shared/api/me';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { useDisableTotp, useEnableTotp, useMySessions, useRevokeSession, useStartTotp } from './api/account';

/** The operator's own account: where they are signed in, and the second factor. */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const start = useStartTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const fail = (error: unknown) => toast.error(errorText(error));
  return (
    <div className="grid grid-cols-2 gap-6">
      <section className="rounded-xl border border-white/10 bg-desk-900 p-4">
        <h2 className="mb-3 font-bold">{t('account.sessions')}</h2>
        <ul className="divide-y divide-white/5">
          {sessions.data?.sessions.map((session) => (
            <li key={session._id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-xs">
                {formatTime(session.createdAt)} · {session.ip ?? '-'} · <span className="text-white/50">{session.userAgent?.slice(0, 60)}</span>
                {session.current && <strong className="ml-2 text-accent-300">{t('account.thisSession')}</strong>}
              </span>
              {!session.current && <Button variant="secondary" onClick={() => revoke.mutate(session._id, { onError: fail })}>{t('account.end')}</Button>}
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-3 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="totp">
        <h2 className="font-bold">{t('account.totp')}</h2>
        {recoveryCodes ? (
          <>
            <p className="text-sm">{t('account.recoveryCodesOnce')}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono" data-testid="recovery-codes">{recoveryCodes.map((value) => <li key={value}>{value}</li>)}</ul>
            <Button onClick={() => setRecoveryCodes(null)}>{t('common.close')}</Button>
          </>
        ) : me?.totp ? (
          <>
            <p className="text-sm text-emerald-300">{t('account.totpOn')}</p>
            <TextField label={t('login.code')} inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
            <Button variant="danger" busy={disable.isPending} disabled={!code.trim()} onClick={() => disable.mutate(code.trim(), { onSuccess: () => (setCode(''), toast.success(t('account.totpOffDone'))), onError: fail })}>{t('account.turnOff')}</Button>
          </>
        ) : start.data ? (
          <>
            <p className="text-sm">{t('account.scan')}</p>
            <div className="w-fit rounded bg-white p-2" data-testid="totp-qr">
              <QRCodeSVG value={start.data.uri} size={176} />
            </div>
            <p className="font-mono text-xs break-all">{start.data.secret}</p>
            <TextField label={t('login.code')} inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
            <Button busy={enable.isPending} disabled={!code.trim()} onClick={() => enable.mutate(code.trim(), { onSuccess: (answer) => (setCode(''), setRecoveryCodes(answer.recoveryCodes)), onError: fail })}>{t('account.turnOn')}</Button>
          </>
        ) : (
          <>
            <p className="text-sm text-white/70">{t('account.totpOff')}</p>
            <Button busy={start.isPending} onClick={() => start.mutate(undefined, { onError: fail })}>{t('account.setUp')}</Button>
          </>
        )}
      </section>
    </div>
  );
}
