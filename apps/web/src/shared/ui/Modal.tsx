import * as Dialog from '@radix-ui/react-dialog';
import { useFocusReturn } from '@wallet/client-kit/focus-return';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useSheetPresence } from './sheetPresence';
import { useOutsideTapGraceOnOpen, useTapShieldOnClose } from './tapShield';

/** Radix dialog: focus trap, Escape, and page scroll locked while open (SPEC §2 Home overlays). */
export function Modal({
  open,
  onOpenChange,
  title,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  // Overlays open from the registry, not from a Radix trigger: focus goes back to what had it.
  const focusReturn = useFocusReturn();
  useTapShieldOnClose(open);
  const outsideTapAtOpen = useOutsideTapGraceOnOpen(open);
  useSheetPresence(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" data-testid="modal-backdrop" />
        <Dialog.Content
          aria-describedby={undefined}
          {...focusReturn}
          onInteractOutside={outsideTapAtOpen}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[90dvh] w-full max-w-lg flex-col rounded-t-3xl border border-white/10 bg-night-850 text-white shadow-2xl sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <div className="flex items-center justify-between border-b border-white/10 px-5 py-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close aria-label={t('common.close')} className="grid h-10 w-10 place-items-center rounded-full text-white/70 hover:bg-white/10">
              <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="border-t border-white/10 px-5 py-4">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
