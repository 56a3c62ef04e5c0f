import * as RadixDialog from '@radix-ui/react-dialog';
import { useFocusReturn } from '@wallet/client-kit/focus-return';
import { type ReactNode, useRef } from 'react';

/** A double click's second half lands this soon after the first opened the dialog, on its overlay. */
const DOUBLE_CLICK_MS = 500;

/**
 * A dialog for a form or a question; Escape and the overlay close it, and focus goes back to what
 * opened it. `wide`: a record to read and act on (a reconciliation exception), scrolling within the screen.
 */
export function Dialog({ open, onOpenChange, title, children, testId, wide = false }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode; testId?: string; wide?: boolean }) {
  const focusReturn = useFocusReturn();
  // A button double-clicked opens the dialog on its first click; the second, on the overlay now
  // over the button, must not close it again.
  const openedAt = useRef(0);
  const onOpenAutoFocus = () => {
    openedAt.current = performance.now();
    focusReturn.onOpenAutoFocus();
  };
  const onPointerDownOutside = (event: Event) => {
    if (performance.now() - openedAt.current < DOUBLE_CLICK_MS) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <RadixDialog.Content className={`fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-xl border border-white/10 bg-desk-850 p-5 shadow-2xl ${wide ? 'max-h-[92vh] w-[min(880px,94vw)] overflow-y-auto' : 'w-[min(480px,92vw)]'}`} data-testid={testId} aria-describedby={undefined} {...focusReturn} onOpenAutoFocus={onOpenAutoFocus} onPointerDownOutside={onPointerDownOutside}>
          <RadixDialog.Title className="mb-4 text-base font-bold">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
