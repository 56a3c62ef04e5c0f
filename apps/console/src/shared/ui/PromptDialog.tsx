import type { CurrencyCode } from '@wallet/contract';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { AmountField, TextField } from './Field';

export interface Question {
  title: string;
  label: string;
  initial?: string;
  inputMode?: 'text' | 'tel';
  /** An amount of money in this currency: asked in the amount field; read the answer with `wireAmount`. */
  amountIn?: CurrencyCode;
}
export type Ask = (question: Question) => Promise<string | null>;

/** Asks for a typed answer (a reason, an amount, a phone); resolves null when the operator backs out. */
export function usePrompt(): { ask: Ask; dialog: ReactNode } {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const [answer, setAnswer] = useState('');
  const pending = useRef<((answer: string | null) => void) | null>(null);
  const ask = useCallback<Ask>(
    (next) =>
      new Promise((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setAnswer(next.initial ?? '');
        setQuestion(next);
      }),
    [],
  );
  const finish = (value: string | null) => {
    pending.current?.(value?.trim() ? value.trim() : null);
    pending.current = null;
    setQuestion(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finish(answer);
  };
  const dialog = (
    <Dialog open={question !== null} onOpenChange={(open) => !open && finish(null)} title={question?.title ?? ''} testId="prompt-dialog">
      <form className="space-y-4" onSubmit={submit}>
        {question?.amountIn ? (
          <AmountField label={question.label} name="promptAnswer" currency={question.amountIn} value={answer} autoFocus onChange={(event) => setAnswer(event.target.value)} />
        ) : (
          <TextField label={question?.label ?? ''} name="promptAnswer" inputMode={question?.inputMode ?? 'text'} value={answer} autoFocus onChange={(event) => setAnswer(event.target.value)} />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => finish(null)}>{t('common.cancel')}</Button>
          <Button type="submit" disabled={!answer.trim()} data-testid="prompt-ok">{t('common.confirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
  return { ask, dialog };
}
