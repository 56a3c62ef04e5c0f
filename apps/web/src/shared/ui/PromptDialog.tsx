import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { TextField } from './Field';

interface Question {
  title: string;
  label: string;
  initial?: string;
  inputMode?: 'text' | 'decimal' | 'tel';
  resolve(answer: string | null): void;
}

/**
 * A question that needs a typed answer (a reason, an amount, a phone), in the app's own dialog
 * rather than the browser's `window.prompt`: translated, styled, testable. `ask` resolves with the
 * trimmed answer, or null when the operator backs out or leaves it empty.
 */
export function usePrompt(): { ask(question: Omit<Question, 'resolve'>): Promise<string | null>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const [answer, setAnswer] = useState('');
  const pending = useRef<Question | null>(null);

  const ask = useCallback((next: Omit<Question, 'resolve'>) => {
    return new Promise<string | null>((resolve) => {
      pending.current?.resolve(null);
      const asked = { ...next, resolve };
      pending.current = asked;
      setAnswer(next.initial ?? '');
      setQuestion(asked);
    });
  }, []);
  const finish = (value: string | null) => {
    pending.current?.resolve(value && value.trim() ? value.trim() : null);
    pending.current = null;
    setQuestion(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finish(answer);
  };

  const dialog = (
    <Dialog.Root open={question !== null} onOpenChange={(open) => !open && finish(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-sm -translate-y-1/2 rounded-3xl border border-white/10 bg-night-850 p-5 text-white shadow-2xl" data-testid="prompt-dialog" aria-describedby={undefined}>
          <Dialog.Title className="text-lg font-bold">{question?.title}</Dialog.Title>
          <form className="mt-4 space-y-4" onSubmit={submit}>
            <TextField label={question?.label ?? ''} name="promptAnswer" inputMode={question?.inputMode ?? 'text'} value={answer} autoFocus onChange={(event) => setAnswer(event.target.value)} />
            <div className="grid grid-cols-2 gap-3">
              <Button type="button" variant="secondary" onClick={() => finish(null)}>{t('common.cancel')}</Button>
              <Button type="submit" disabled={!answer.trim()} data-testid="prompt-ok">{t('common.confirm')}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
  return { ask, dialog };
}
