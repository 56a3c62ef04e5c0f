import * as RadixAlert from '@radix-ui/react-alert-dialog';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';
import { useTapShieldOnClose } from './tapShield';

/** A message the member must acknowledge (SPEC §10: spin and claim errors show an alert). */
export function AlertDialog({ title, message, onClose }: { title?: string; message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  useTapShieldOnClose(message !== null);
  return (
    <RadixAlert.Root open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <RadixAlert.Content className="fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-sm -translate-y-1/2 rounded-3xl border border-white/10 bg-night-850 p-5 text-white shadow-2xl" data-testid="alert-dialog">
          <RadixAlert.Title className="text-lg font-bold">{title ?? t('common.notice')}</RadixAlert.Title>
          <RadixAlert.Description className="mt-2 text-sm text-white/80" data-testid="alert-message">
            {message}
          </RadixAlert.Description>
          <RadixAlert.Action asChild>
            <Button className="mt-5 w-full" data-testid="alert-ok">
              {t('common.ok')}
            </Button>
          </RadixAlert.Action>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
