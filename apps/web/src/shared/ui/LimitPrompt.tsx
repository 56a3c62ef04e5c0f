import { Link } from 'react-router';
import { errorText } from '../api/messages';
import { useAnswerPrompt } from '../api/protection/answer-prompt';
import { useProtection } from '../api/protection/get-protection';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';
import { notify } from '../notify';

/**
 * Asks a member who has set no limit to set one (on home after registering, and before the first
 * deposit), setting one being the first choice and "not now" the other; six months after the last
 * answer, reminds them to look at their limits again. Nothing shows once answered.
 */
export function LimitPrompt({ onOpenLimits, className = '' }: { onOpenLimits?: () => void; className?: string }) {
  const { t } = useTranslation();
  const status = useProtection();
  const answer = useAnswerPrompt({ onError: (error) => notify.error('limit-prompt', errorText(t, error)) });
  const prompt = status.data?.prompt;
  if (!prompt || status.data?.restriction) return null;
  const review = prompt === 'review';
  return (
    <section role="region" aria-labelledby="limit-prompt-title" className={`rounded-2xl border border-gold-300/30 bg-gold-300/10 p-4 ${className}`} data-testid="limit-prompt">
      <h2 id="limit-prompt-title" className="font-bold text-gold-200">
        {t(review ? 'protection.prompt.reviewTitle' : 'protection.prompt.title')}
      </h2>
      <p className="mt-1 text-sm text-white/70">{t(review ? 'protection.prompt.reviewText' : 'protection.prompt.text', { hours: status.data?.coolingHours ?? 24 })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to="/user/protection"
          onClick={() => {
            if (review) answer.mutate('reviewed');
            onOpenLimits?.();
          }}
          className="inline-flex min-h-11 items-center rounded-xl bg-gold-300 px-4 text-sm font-bold text-night-900"
          data-testid="limit-prompt-set"
        >
          {t(review ? 'protection.prompt.review' : 'protection.prompt.set')}
        </Link>
        <Button variant="secondary" className="min-h-11 px-4 text-sm" busy={answer.isPending} onClick={() => answer.mutate(review ? 'reviewed' : 'not_now')} data-testid="limit-prompt-later">
          {t(review ? 'protection.prompt.fine' : 'protection.prompt.notNow')}
        </Button>
      </div>
    </section>
  );
}
