import * as RadixAlert from '@radix-ui/react-alert-dialog';
import type { RealityCheckSummary } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { useTapShieldOnClose } from '../../shared/ui/tapShield';
import { useRealityCheckInterval } from './api/get-reality-check';
import { getRealityCheckSummary } from './api/get-reality-check-summary';
import { SignedMoney } from './SignedMoney';

const MINUTE_MS = 60_000;

/**
 * When the next check is due: `intervalMs` after the last "continue", or else at the next whole
 * interval of the session counted from its sign-in (a reload mid-session keeps the session's rhythm
 * and shows nothing at once).
 */
export function nextCheckAt(signedInAt: number, continuedAt: number | null, intervalMs: number, now: number): number {
  if (continuedAt !== null) return continuedAt + intervalMs;
  return signedInAt + intervalMs * Math.max(1, Math.ceil((now - signedInAt) / intervalMs));
}

/**
 * The reality check (player protection): every N minutes of a signed-in session (the member's
 * setting, 60 until they choose) a dialog says how long they have been signed in, their net game
 * position since then and today's deposits, and asks whether to go on or log out. It is an
 * alertdialog, so a screen reader announces it; it goes only by one of its two buttons.
 */
export function RealityCheck({ onLogout }: { onLogout: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const interval = useRealityCheckInterval();
  const intervalMs = (interval.data?.intervalMinutes ?? 0) * MINUTE_MS;
  // The sign-in instant by this device's clock: the server says how long ago it was, so a phone
  // whose clock is set wrong still counts the session's minutes right.
  const [signedInAt, setSignedInAt] = useState<number | null>(null);
  const [continuedAt, setContinuedAt] = useState<number | null>(null);
  const [shown, setShown] = useState<RealityCheckSummary | null>(null);
  const [leaving, setLeaving] = useState(false);
  const open = shown !== null;
  useTapShieldOnClose(open);

  useEffect(() => {
    let cancelled = false;
    getRealityCheckSummary().then(
      (summary) => !cancelled && setSignedInAt(Date.now() - summary.secondsSinceSignIn * 1000),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (signedInAt === null || intervalMs === 0 || open) return;
    const wait = Math.max(0, nextCheckAt(signedInAt, continuedAt, intervalMs, Date.now()) - Date.now());
    let cancelled = false;
    const due = setTimeout(() => {
      getRealityCheckSummary().then(
        (summary) => !cancelled && setShown(summary),
        // Unreachable now: the next interval tries again.
        () => !cancelled && setContinuedAt(Date.now()),
      );
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(due);
    };
  }, [signedInAt, continuedAt, intervalMs, open]);

  function goOn() {
    setContinuedAt(Date.now());
    setShown(null);
  }
  async function leave() {
    setLeaving(true);
    await onLogout();
  }

  const minutes = shown ? Math.floor(shown.secondsSinceSignIn / 60) : 0;
  const duration = minutes >= 60 ? t('figures.reality.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) : t('figures.reality.minutes', { minutes });
  return (
    <RadixAlert.Root open={open}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <RadixAlert.Content
          className="fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-sm -translate-y-1/2 rounded-3xl border border-white/10 bg-night-850 p-5 text-white shadow-2xl"
          onEscapeKeyDown={(event) => event.preventDefault()}
          data-testid="reality-check"
        >
          <RadixAlert.Title className="text-lg font-bold">{t('figures.reality.title')}</RadixAlert.Title>
          {shown && (
            <RadixAlert.Description asChild>
              <div className="mt-2 text-sm text-white/80">
                <p data-testid="reality-check-elapsed">{t('figures.reality.elapsed', { duration })}</p>
                <dl className="mt-4 divide-y divide-white/10 rounded-2xl bg-white/5">
                  <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 px-4 py-2">
                    <dt className="text-white/60">{t('figures.reality.netGame')}</dt>
                    <dd className="ml-auto font-semibold">
                      <SignedMoney value={shown.netGamePosition} testId="reality-check-net-game" />
                    </dd>
                  </div>
                  <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 px-4 py-2">
                    <dt className="text-white/60">{t('figures.reality.depositsToday')}</dt>
                    <dd className="ml-auto font-semibold">
                      <SignedMoney value={shown.depositsToday} plain testId="reality-check-deposits-today" />
                    </dd>
                  </div>
                </dl>
              </div>
            </RadixAlert.Description>
          )}
          <div className="mt-5 grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={() => void leave()} busy={leaving} data-testid="reality-check-logout">
              {t('figures.reality.logout')}
            </Button>
            <RadixAlert.Action asChild>
              <Button onClick={goOn} disabled={leaving} data-testid="reality-check-continue">
                {t('figures.reality.continue')}
              </Button>
            </RadixAlert.Action>
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
