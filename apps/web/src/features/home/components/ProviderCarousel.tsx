import type { Slot } from '@wallet/contract';
import { Suspense, lazy, memo, useRef } from 'react';
import { useWhenIdle } from '../../../shared/useWhenIdle';
import { ProviderCard } from './ProviderCard';

/**
 * The swipe's code (embla) loads once home is drawn and idle: the cards in view need none of it, and
 * asked for with home's render its download was the last thing home's largest paint waited for.
 */
const Swipe = lazy(() => import('./Swipe').then((module) => ({ default: module.Swipe })));

/**
 * SPEC §1: three cards in view, 300×211 with 330 spacing on wide screens; on phones the same
 * three scale down with the width. Out of view, the browser skips its layout and paint.
 */
export const ProviderCarousel = memo(function ProviderCarousel({ title, slots, onOpen }: { title: string; slots: Slot[]; onOpen: (slot: Slot) => void }) {
  const viewport = useRef<HTMLDivElement>(null);
  const idle = useWhenIdle();
  if (slots.length === 0) return null;
  return (
    <section className="mt-6 [contain-intrinsic-size:auto_10rem] [content-visibility:auto]" aria-label={title} aria-roledescription="carousel">
      <h2 className="mb-2 text-lg font-bold">{title}</h2>
      <div className="overflow-hidden" ref={viewport}>
        <div className="flex gap-2.5 lg:gap-[30px]">
          {slots.map((slot) => (
            <div key={slot.code} className="min-w-0 shrink-0 grow-0 basis-[calc((100%-20px)/3)] lg:basis-[300px]">
              <ProviderCard slot={slot} onOpen={onOpen} />
            </div>
          ))}
        </div>
      </div>
      {idle && (
        <Suspense fallback={null}>
          <Swipe viewport={viewport} />
        </Suspense>
      )}
    </section>
  );
});
