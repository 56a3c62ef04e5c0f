import EmblaCarousel from 'embla-carousel';
import { type RefObject, useEffect } from 'react';

const OPTIONS = { align: 'start', containScroll: 'trimSnaps', dragFree: true } as const;

/** A carousel's swipe on a row already drawn (embla), for as long as this is mounted. */
export function Swipe({ viewport }: { viewport: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const carousel = EmblaCarousel(node, OPTIONS);
    return () => carousel.destroy();
  }, [viewport]);
  return null;
}
