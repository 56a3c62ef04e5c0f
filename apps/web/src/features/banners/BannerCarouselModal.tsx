import type { BannerItem } from '@wallet/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../shared/SafeHtml';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';

/** SPEC §2 Home overlays: the invite or refund banners; "continue" goes on to the overlay itself. */
export function BannerCarouselModal({ title, banners, onClose }: { title: string; banners: BannerItem[]; onClose: (result?: 'continue') => void }) {
  const { t } = useTranslation();
  const [viewport, embla] = useEmblaCarousel({ loop: banners.length > 1 });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={<Button className="w-full" onClick={() => onClose('continue')} data-testid="banners-continue">{t('banners.continue')}</Button>}
    >
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
      {banners.length > 1 && (
        <div className="mt-3 flex justify-center gap-2">
          {banners.map((banner, index) => (
            <button key={`${banner.image}-dot-${index}`} type="button" className="h-11 min-w-11 rounded-xl bg-white/5 text-sm" onClick={() => embla?.scrollTo(index)} aria-label={t('banners.show', { number: index + 1 })}>
              {index + 1}
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
