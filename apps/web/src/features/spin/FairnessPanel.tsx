import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Button } from '../../shared/ui/Button';
import { useFairness } from './api/get-fairness';
import { useRotateSeed } from './api/rotate-seed';

const percent = (chance: number) => `${(chance * 100).toFixed(chance < 0.1 ? 2 : 1)}%`;

/** The published odds, the seed the next spins are committed to, and what verifies the last ones. */
export function FairnessPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fairness = useFairness(open);
  const rotate = useRotateSeed();
  const [clientSeed, setClientSeed] = useState('');
  const data = fairness.data;

  return (
    <details className="rounded-2xl bg-white/5 px-4 py-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="spin-fairness">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{t('spin.fairness')}</summary>
      {data && (
        <div className="mt-2 space-y-4">
          <table className="w-full" data-testid="spin-odds">
            <caption className="mb-1 text-left text-xs text-white/60">{t('spin.odds')}</caption>
            <thead>
              <tr className="text-left text-xs text-white/60">
                <th className="py-1 font-normal">{t('spin.slice')}</th>
                <th className="py-1 text-right font-normal">{t('spin.chance')}</th>
              </tr>
            </thead>
            <tbody>
              {data.odds.map((odd) => (
                <tr key={odd.code} className="border-t border-white/10">
                  <td className="py-1.5">{odd.label}</td>
                  <td className="py-1.5 text-right tabular-nums">{percent(odd.chance)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <div className="space-y-1" data-testid="spin-seed">
            <p className="text-xs text-white/60">{t('spin.serverSeedHash')}</p>
            <p className="break-all font-mono text-xs">{data.seed.serverSeedHash}</p>
            <p className="text-xs text-white/60">
              {t('spin.clientSeed')}: <span className="font-mono text-white">{data.seed.clientSeed}</span> · {t('spin.nonce')}: <span className="font-mono text-white">{data.seed.nonce}</span>
            </p>
          </div>
          <div className="space-y-2">
            <input
              className="min-h-11 w-full rounded-xl border border-white/15 bg-night-900 px-3 font-mono text-sm"
              value={clientSeed}
              maxLength={64}
              placeholder={t('spin.clientSeedInput')}
              aria-label={t('spin.clientSeedInput')}
              onChange={(event) => setClientSeed(event.target.value.replace(/[^A-Za-z0-9_-]/g, ''))}
            />
            <Button variant="secondary" className="min-h-11 w-full px-3 text-sm" busy={rotate.isPending} onClick={() => rotate.mutate(clientSeed || undefined, { onSuccess: () => setClientSeed('') })} data-testid="spin-rotate">
              {t('spin.rotate')}
            </Button>
          </div>
          {rotate.data?.revealed && (
            <p className="break-all text-xs" data-testid="spin-revealed">
              {t('spin.revealed')}: <span className="font-mono">{rotate.data.revealed.serverSeed}</span>
            </p>
          )}

          {data.spins.length > 0 && (
            <div>
              <p className="mb-1 text-xs text-white/60">{t('spin.recent')}</p>
              <ul className="space-y-1.5 text-xs">
                {data.spins.map((row) => (
                  <li key={row._id} className="break-all rounded-xl bg-black/20 px-3 py-2 font-mono">
                    <span className="font-sans font-semibold">{row.label}</span> · {row.clientSeed}:{row.nonce} · {row.serverSeed ?? t('spin.hidden')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-xs text-white/60">{t('spin.how')}</p>
        </div>
      )}
    </details>
  );
}
