import type { BannerItem } from '@wallet/contract';
import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { BannerSlides } from '../../shared/ui/BannerSlides';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';

/** SPEC §2 Home overlays: the invite or refund banners; "continue" goes on to the overlay itself. */
export function BannerCarouselModal({ title, banners, onClose }: { title: string; banners: BannerItem[]; onClose: (result?: 'continue') => void }) {
  const { t } = useTranslation();
  const [carousel, setCarousel] = useState<UseEmblaCarouselType[1]>();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={<Button className="w-full" onClick={() => onClose('continue')} data-testid="banners-continue">{t('banners.continue')}</Button>}
    >
      <BannerSlides banners={banners} onReady={setCarousel} />
      {banners.length > 1 && (
        <div className="mt-3 flex justify-center gap-2">
          {banners.map((banner, index) => (
            <button key={`${banner.image}-dot-${index}`} type="button" className="h-11 min-w-11 rounded-xl bg-white/5 text-sm" onClick={() => carousel?.scrollTo(index)} aria-label={t('banners.show', { number: index + 1 })}>
              {index + 1}
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
