import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import { type RefObject, useEffect } from 'react';

const OPTIONS = { align: 'start', containScroll: 'trimSnaps', dragFree: true } as const;

/**
 * A carousel's swipe on a row already drawn (embla), for as long as this is mounted. Each row is
 * set up in a task of its own: embla measures its row as it starts, and home's rows, set up
 * together in one commit's effects, took one task of 35–73 ms, four times that on a slow phone
 * (ADR 0460).
 */
export function Swipe({ viewport }: { viewport: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    let carousel: EmblaCarouselType | undefined;
    const setUp = setTimeout(() => (carousel = EmblaCarousel(node, OPTIONS)));
    return () => {
      clearTimeout(setUp);
      carousel?.destroy();
    };
  }, [viewport]);
  return null;
}
