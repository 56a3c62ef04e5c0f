import { errorText } from '../api/messages';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';
import { useProtection } from '../api/protection/get-protection';
import { useTakeBreak } from '../api/protection/take-break';
import { formatWhen } from '../protection/when';
import { notify } from '../notify';

/**
 * The 24-hour break in one tap, without a question: the break is the member's way out of a moment
 * and must cost nothing to take. A double tap joins the call in flight (and the server makes a
 * second break harmless). Hidden while a restriction is already in force; with `loadStatus` false
 * (an overlay over home) it only reads the status home loaded.
 */
export function BreakNowButton({ compact = false, className = '', loadStatus = true }: { compact?: boolean; className?: string; loadStatus?: boolean }) {
  const { t } = useTranslation();
  const status = useProtection({ enabled: loadStatus });
  const takeBreak = useTakeBreak({
    onSuccess: (answer) => {
      const ends = answer.restriction?.endsAt;
      notify.success('protection-break', ends ? t('protection.breakTaken', { until: formatWhen(ends) }) : t('protection.breakTakenShort'));
    },
    onError: (error) => notify.error('protection-break', errorText(t, error)),
  });
  if (status.data?.restriction) return null;
  return (
    <Button
      variant="secondary"
      className={compact ? `min-h-11 whitespace-nowrap px-1.5 text-sm sm:px-4 ${className}` : `w-full ${className}`}
      busy={takeBreak.isPending}
      onClick={() => takeBreak.mutate('24h')}
      data-testid={compact ? 'break-now-compact' : 'break-now'}
    >
      {compact ? t('protection.breakNowShort') : t('protection.breakNow')}
    </Button>
  );
}
