import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { formatMoney } from '../../shared/ui/format';
import type { Ask } from '../../shared/ui/PromptDialog';
import { useEndCondition, useMemberCondition } from './api/member-condition';

/** The member's withdrawal condition: where they stand, and ending it with a reason. */
export function ConditionPanel({ memberId, canEnd, ask }: { memberId: string; canEnd: boolean; ask: Ask }) {
  const { t } = useTranslation();
  const condition = useMemberCondition(memberId, true).data?.condition;
  const end = useEndCondition(memberId);
  const money = (value: number) => formatMoney(value, 'en');
  if (!condition) return <p className="text-sm text-white/50" data-testid="member-condition">{t('promotions.noCondition')}</p>;
  async function endIt() {
    const reason = await ask({ title: t('promotions.endConditionTakes', { amount: money(condition?.operatorEndTakes ?? 0) }), label: t('members.reasonLabel') });
    if (reason) end.mutate(reason, { onSuccess: () => toast.success(t('promotions.saved')), onError: (error) => toast.error(errorText(error)) });
  }
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-amber-400/40 bg-desk-900 p-3 text-sm" data-testid="member-condition">
      <p>
        <strong>{t('promotions.condition')}</strong>: {t(`conditionKinds.${condition.kind}`)} · {condition.code} · {t('promotions.figures', { base: money(condition.base), total: money(condition.total), target: money(condition.successTarget), floor: money(condition.failFloor) })}
      </p>
      {canEnd && <Button variant="secondary" busy={end.isPending} onClick={() => void endIt()} data-testid="member-condition-end">{t('promotions.endCondition')}</Button>}
    </div>
  );
}
