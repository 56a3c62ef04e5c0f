import type { BannerItem } from '@wallet/contract';
import type { UseEmblaCarouselType } from 'embla-carousel-react';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import { SafeHtml } from '../SafeHtml';

/** Banners (a picture and its html) one at a time, swiped (embla); `onReady` gives the carousel to buttons that move it. */
export function BannerSlides({ banners, onReady }: { banners: BannerItem[]; onReady?: (carousel: UseEmblaCarouselType[1]) => void }) {
  const [viewport, carousel] = useEmblaCarousel({ loop: banners.length > 1 });
  useEffect(() => onReady?.(carousel), [carousel, onReady]);
  if (banners.length === 0) return null;
  return (
    <div className="overflow-hidden rounded-2xl" ref={viewport} data-testid="banner-carousel">
      <div className="flex">
        {banners.map((banner, index) => (
          <div key={`${banner.image}-${index}`} className="min-w-0 flex-[0_0_100%]">
            <img src={banner.image} alt="" className="aspect-[2/1] w-full rounded-2xl object-cover" />
            <SafeHtml html={banner.html} className="mt-2 text-sm" />
          </div>
        ))}
      </div>
    </div>
  );
}
