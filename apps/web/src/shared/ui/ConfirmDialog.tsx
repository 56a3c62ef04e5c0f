import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../api/messages';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';
import { useTapShieldOnClose } from './tapShield';

/** The previews' keys are words and codes (shared/api/promotions/fresh-preview.ts). */
type PreviewKey = string[];

interface ConfirmProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  /**
   * The call the confirmation started is in flight: the dialog stays open with its button busy
   * and cannot be dismissed, so a second tap lands on the busy button (and joins the call) and
   * never on what the dialog covered. The caller closes it when the call is answered.
   */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A second way forward besides confirming (play without moving money); off while the confirmation's call is in flight. */
export interface AlternativeAction {
  label: string;
  onSelect: () => void;
  testId: string;
}

/** A question before a consequential action: it happens only on an explicit second choice. */
export function ConfirmDialog({ description, alternative, ...props }: ConfirmProps & { description: ReactNode; alternative?: AlternativeAction }) {
  return (
    <ConfirmShell {...props}>
      <AlertDialog.Description asChild>
        <div className="mt-2 min-h-0 overflow-y-auto text-sm text-white/70">{description}</div>
      </AlertDialog.Description>
      <ConfirmActions {...props} alternative={alternative} />
    </ConfirmShell>
  );
}

export type PreviewConfirmProps<T> = ConfirmProps & {
  /** The preview's query options (its api file's): fetched on opening, forgotten on closing. */
  query: UseQueryOptions<T, Error, T, PreviewKey>;
  /** Shown above the figures, before they arrive too. */
  intro?: ReactNode;
  children: (preview: T) => ReactNode;
};

/**
 * A confirmation whose content is read from the server when it opens (DESIGN §6: the member sees in
 * money what accepting does). The body mounts only while open, so each opening fetches afresh (the
 * query options say `gcTime` 0); the confirm button shows only once the answer says `allowed`.
 */
export function PreviewConfirmDialog<T extends { allowed: boolean }>({ query, intro, children, ...props }: PreviewConfirmProps<T>) {
  return (
    <ConfirmShell {...props}>
      <PreviewBody query={query} intro={intro} render={children} {...props} />
    </ConfirmShell>
  );
}

function PreviewBody<T extends { allowed: boolean }>({
  query,
  intro,
  render,
  ...props
}: ConfirmProps & { query: UseQueryOptions<T, Error, T, PreviewKey>; intro?: ReactNode; render: (preview: T) => ReactNode }) {
  const { t } = useTranslation();
  const preview = useQuery(query);
  return (
    <>
      <AlertDialog.Description asChild>
        <div className="mt-2 min-h-0 space-y-3 overflow-y-auto text-sm text-white/70" data-testid="preview-body">
          {intro && <div>{intro}</div>}
          {preview.isPending && <p data-testid="preview-loading">{t('common.loading')}</p>}
          {preview.isError && (
            <p role="alert" className="font-semibold text-rose-300" data-testid="preview-error">
              {errorText(t, preview.error)}
            </p>
          )}
          {preview.data && render(preview.data)}
        </div>
      </AlertDialog.Description>
      <ConfirmActions {...props} canConfirm={preview.data?.allowed === true} />
    </>
  );
}

function ConfirmShell({ open, title, busy = false, onCancel, children }: Pick<ConfirmProps, 'open' | 'title' | 'busy' | 'onCancel'> & { children: ReactNode }) {
  useTapShieldOnClose(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-[70] mx-auto flex max-h-[90dvh] max-w-sm -translate-y-1/2 flex-col rounded-3xl border border-white/10 bg-night-850 p-5 text-white shadow-2xl" data-testid="confirm-dialog">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Cancel and, when there is something to accept, the confirm button (not Radix's Action: it would close before the call is answered). */
function ConfirmActions({ confirmLabel, busy = false, canConfirm = true, onConfirm, alternative }: ConfirmProps & { canConfirm?: boolean; alternative?: AlternativeAction }) {
  const { t } = useTranslation();
  return (
    // Three choices stack, the confirmation first: side by side, their labels would wrap on a phone.
    <div className={`mt-5 grid shrink-0 gap-3 ${canConfirm && !alternative ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {alternative && (
        <Button variant="secondary" disabled={busy} onClick={alternative.onSelect} data-testid={alternative.testId}>
          {alternative.label}
        </Button>
      )}
      <AlertDialog.Cancel asChild>
        <Button variant="secondary" disabled={busy} data-testid="confirm-no">
          {canConfirm ? t('common.cancel') : t('common.close')}
        </Button>
      </AlertDialog.Cancel>
      {canConfirm && (
        <Button busy={busy} onClick={onConfirm} className={alternative ? 'order-first' : ''} data-testid="confirm-yes">
          {confirmLabel}
        </Button>
      )}
    </div>
  );
}
