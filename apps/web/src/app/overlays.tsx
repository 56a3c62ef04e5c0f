import type { BannerItem, WalletResponse } from '@wallet/contract';
import { type ComponentType, type ReactNode, Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { type OverlayControls, OverlayContext, type OverlayName, type OverlayOpener, type OverlayRegistry } from '../shared/overlays/overlays';

declare module '../shared/overlays/overlays' {
  interface OverlayRegistry {
    deposit: Record<string, never>;
    withdraw: { wallet: WalletResponse; total: number };
    conditions: Record<string, never>;
    invite: Record<string, never>;
    refund: Record<string, never>;
    agreement: Record<string, never>;
    /** Closes with 'continue' when the member goes on to the invite or refund overlay. */
    banners: { title: string; banners: BannerItem[] };
    spin: Record<string, never>;
    notices: Record<string, never>;
  }
}

type OverlayComponents = { [Name in OverlayName]: ComponentType<OverlayRegistry[Name] & OverlayControls> };

/** Each overlay's code, loaded when first opened or preloaded (`preload`), once. */
const loaders = {
  deposit: () => import('../features/deposit'),
  withdraw: () => import('../features/withdraw'),
  conditions: () => import('../features/conditions/ConditionsModal'),
  invite: () => import('../features/invite/InviteModal'),
  refund: () => import('../features/refund/RefundModal'),
  agreement: () => import('../features/agreement/AgreementModal'),
  spin: () => import('../features/spin/SpinModal'),
  notices: () => import('../features/notices'),
  banners: () => import('../features/banners/BannerCarouselModal'),
} satisfies Record<OverlayName, () => Promise<unknown>>;

/** Every overlay the app can show, loaded when first opened; features open them by name. */
const overlays: OverlayComponents = {
  deposit: lazy(async () => {
    const { DepositModal } = await loaders.deposit();
    return { default: ({ close }: OverlayControls) => <DepositModal onClose={() => close()} /> };
  }),
  withdraw: lazy(async () => {
    const { WithdrawModal } = await loaders.withdraw();
    return { default: ({ close, ...props }: OverlayRegistry['withdraw'] & OverlayControls) => <WithdrawModal {...props} onClose={() => close()} /> };
  }),
  conditions: lazy(async () => {
    const { ConditionsModal } = await loaders.conditions();
    return { default: ({ close }: OverlayControls) => <ConditionsModal open onOpenChange={(open) => !open && close()} /> };
  }),
  invite: lazy(async () => {
    const { InviteModal } = await loaders.invite();
    return { default: ({ close }: OverlayControls) => <InviteModal onClose={() => close()} /> };
  }),
  refund: lazy(async () => {
    const { RefundModal } = await loaders.refund();
    return { default: ({ close }: OverlayControls) => <RefundModal onClose={() => close()} /> };
  }),
  agreement: lazy(async () => {
    const { AgreementModal } = await loaders.agreement();
    return { default: ({ close }: OverlayControls) => <AgreementModal onClose={() => close()} /> };
  }),
  spin: lazy(async () => {
    const { SpinModal } = await loaders.spin();
    return { default: ({ close }: OverlayControls) => <SpinModal onClose={() => close()} /> };
  }),
  notices: lazy(async () => {
    const { NoticeSettingsSheet } = await loaders.notices();
    return { default: ({ close }: OverlayControls) => <NoticeSettingsSheet onClose={() => close()} /> };
  }),
  banners: lazy(async () => {
    const { BannerCarouselModal } = await loaders.banners();
    return { default: ({ close, ...props }: OverlayRegistry['banners'] & OverlayControls) => <BannerCarouselModal {...props} onClose={(result) => close(result)} /> };
  }),
};

/** A failed preload is no failure: the overlay's first opening loads it again, and says so if that fails. */
function preload(...names: OverlayName[]): Promise<unknown> {
  return Promise.all(names.map((name) => loaders[name]().catch(() => undefined)));
}

interface Shown {
  name: OverlayName;
  props: OverlayRegistry[OverlayName];
  resolve(result: unknown): void;
}

/**
 * The one place overlays are drawn: one at a time, the page behind kept still while one is open,
 * and each `open` answered with what the overlay closed with.
 */
export function OverlayHost({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = useCallback<OverlayOpener['open']>(
    (name, props) =>
      new Promise((resolve) => {
        setShown((previous) => {
          previous?.resolve(undefined); // a new overlay replaces the one still open
          return { name, props, resolve };
        });
      }),
    [],
  );
  const close = useCallback((result?: unknown) => {
    setShown((current) => {
      current?.resolve(result);
      return null;
    });
  }, []);
  const opener = useMemo<OverlayOpener>(() => ({ open, closeAll: () => close(), preload }), [open, close]);

  useEffect(() => {
    if (!shown) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [shown]);

  // `open` ties each name to its props; here the pair is drawn together, which TypeScript cannot correlate.
  const Overlay = shown ? (overlays[shown.name] as ComponentType<Record<string, unknown> & OverlayControls>) : null;
  return (
    <OverlayContext.Provider value={opener}>
      {children}
      {Overlay && shown && (
        <Suspense fallback={null}>
          <Overlay key={shown.name} {...(shown.props as Record<string, unknown>)} close={close} />
        </Suspense>
      )}
    </OverlayContext.Provider>
  );
}
