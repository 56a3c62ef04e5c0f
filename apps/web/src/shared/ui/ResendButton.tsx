import { useEffect, useState } from 'react';
import { OTP_RULES } from '@wallet/contract';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';

/** An SMS code's "send again", counting down the gap the server holds between two sends (registration, forgotten password). */
export function ResendButton({ sentAt, disabled, onResend }: { sentAt: number; disabled: boolean; onResend: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((sentAt + OTP_RULES.resendGapMs - now) / 1000));
  return (
    <Button variant="ghost" className="w-full" disabled={disabled || seconds > 0} onClick={onResend} data-testid="otp-resend">
      {seconds > 0 ? t('register.resendIn', { seconds }) : t('register.resend')}
    </Button>
  );
}
