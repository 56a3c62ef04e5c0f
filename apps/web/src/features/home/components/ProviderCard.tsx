import type { Slot } from '@wallet/contract';
import { memo } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { Money } from '../../../shared/ui/Money';
import { slotBalance } from '../balances';

/**
 * SPEC §1: logo, background, balance (× ratio) when active, else an 'open account' prompt. Both
 * images load when the card comes near the screen, not with home: most cards start out of view.
 */
export const ProviderCard = memo(function ProviderCard({ slot, onOpen }: { slot: Slot; onOpen: (slot: Slot) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onOpen(slot)}
      data-testid={`provider-${slot.code}`}
      className="relative block aspect-[300/211] w-full overflow-hidden rounded-2xl border border-white/10 bg-night-850 text-left shadow-lg transition active:scale-[0.98]"
    >
      <img src={slot.background} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      <img src={slot.logo} alt="" loading="lazy" decoding="async" className="absolute left-[6%] top-[8%] h-[34%] w-auto rounded-xl" />
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-[6%] pb-[5%] pt-[12%]">
        <span className="block truncate text-[clamp(10px,2.8vw,15px)] font-bold leading-tight">{slot.name}</span>
        {slot.isActive ? (
          <Money value={slotBalance(slot)} className="block text-[clamp(11px,3vw,17px)] font-bold text-gold-300" testId={`provider-balance-${slot.code}`} />
        ) : (
          <span className="block text-[clamp(10px,2.6vw,14px)] font-semibold text-white/70">{t('home.openAccount')}</span>
        )}
      </span>
    </button>
  );
});
