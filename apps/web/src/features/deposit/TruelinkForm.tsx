import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { refusalText } from '../../shared/protection/refusal';
import { formatMoney } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { useSendTruelink } from './api/send-truelink';
import { notify } from '../../shared/notify';

/** SPEC §2: a gift-link input with a send button, disabled while empty. */
export function TruelinkForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [link, setLink] = useState('');
  const send = useSendTruelink({
    onSuccess: ({ amount }) => {
      notify.success('truelink', t('deposit.linkSent', { amount: formatMoney(amount, i18n.language) }));
      onDone();
    },
    onError: (error) => notify.error('truelink', refusalText(t, error)),
  });
  return (
    <div className="space-y-4">
      <TextField label={t('deposit.giftLink')} name="truelink" inputMode="url" placeholder="https://gift.truemoney.com/campaign/?v=…" value={link} onChange={(event) => setLink(event.target.value)} hint={t('deposit.giftHint')} />
      <Button className="w-full" disabled={!link.trim()} busy={send.isPending} onClick={() => send.mutate(link.trim())} data-testid="send-truelink">
        {t('deposit.send')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('shared.back')}</Button>
    </div>
  );
}
