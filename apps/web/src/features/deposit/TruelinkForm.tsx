import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRUEWALLET_MINIMUM_BAHT, truelinkResponse } from '@wallet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api } from '../../shared/api/client';
import { errorText } from '../../shared/api/messages';
import { formatMoney } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { encryptTruelink } from './truelink';

/** SPEC §2: a gift-link input with a send button, disabled while empty. */
export function TruelinkForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [link, setLink] = useState('');
  const send = useMutation({
    mutationFn: async () => api.post('/api/wallet/truelink', { link: await encryptTruelink(link.trim()) }, { schema: truelinkResponse }),
    onSuccess: async ({ amount }) => {
      toast.success(t('deposit.linkSent', { amount: formatMoney(amount, i18n.language) }));
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      onDone();
    },
    onError: (error) => toast.error(errorText(t, error)),
  });
  return (
    <div className="space-y-4">
      <TextField label={t('deposit.giftLink')} name="truelink" inputMode="url" placeholder="https://gift.truemoney.com/campaign/?v=…" value={link} onChange={(event) => setLink(event.target.value)} hint={t('deposit.giftHint', { amount: TRUEWALLET_MINIMUM_BAHT })} />
      <Button className="w-full" disabled={!link.trim()} busy={send.isPending} onClick={() => send.mutate()} data-testid="send-truelink">
        {t('deposit.send')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>{t('common.back')}</Button>
    </div>
  );
}
