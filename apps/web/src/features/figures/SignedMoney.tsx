import { Money } from '../../shared/ui/Money';

/**
 * An amount with its direction: a plus in green for money that came the member's way, a minus in
 * rose for money that went; `plain` shows the amount alone (a total with no direction).
 */
export function SignedMoney({ value, plain = false, testId }: { value: number; plain?: boolean; testId?: string }) {
  if (plain || value === 0) return <Money value={value} withMark testId={testId} />;
  return (
    <span className={`whitespace-nowrap ${value > 0 ? 'text-emerald-300' : 'text-rose-300'}`}>
      {value > 0 ? '+' : '−'}
      <Money value={Math.abs(value)} withMark testId={testId} />
    </span>
  );
}
