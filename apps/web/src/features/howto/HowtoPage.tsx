import { useState } from 'react';
import { SITE } from '../../env';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { Modal } from '../../shared/ui/Modal';
import { Page } from '../../shared/ui/Page';
import { PlayIcon } from '../../shared/ui/icons';

/** The Laos build's videos are its own: Lao captions, kip (scripts/make-howto-videos.mjs). */
const FOLDER = SITE === 'la' ? '/howto/la' : '/howto';

/** SPEC §2 How-to: five videos, each played in a modal. */
const VIDEOS = [
  { key: 'wallet', file: `${FOLDER}/wallet.mp4` },
  { key: 'play', file: `${FOLDER}/play.mp4` },
  { key: 'balance', file: `${FOLDER}/balance.mp4` },
  { key: 'bonus', file: `${FOLDER}/bonus.mp4` },
  { key: 'endBonus', file: `${FOLDER}/end-bonus.mp4` },
] as const;

export function HowtoPage() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<(typeof VIDEOS)[number] | null>(null);
  return (
    <Page title={t('howto.title')}>
      <h1 className="text-2xl font-bold">{t('howto.title')}</h1>
      <p className="mb-4 mt-1 text-white/60">{t('howto.intro')}</p>
      <ul className="space-y-3">
        {VIDEOS.map((video, index) => (
          <li key={video.key}>
            <button
              type="button"
              onClick={() => setPlaying(video)}
              data-testid={`howto-${video.key}`}
              className="flex min-h-16 w-full items-center gap-4 rounded-2xl border border-white/10 bg-night-850/80 p-3 text-left transition hover:border-gold-400/60"
            >
              <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-300">
                <PlayIcon className="h-6 w-6" />
              </span>
              <span className="flex-1">
                <span className="block text-xs text-white/50">{index + 1} / {VIDEOS.length}</span>
                <span className="block font-semibold">{t(`howto.${video.key}`)}</span>
              </span>
              <span className="text-sm font-semibold text-gold-300">{t('howto.watch')}</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal open={playing !== null} onOpenChange={(open) => !open && setPlaying(null)} title={playing ? t(`howto.${playing.key}`) : ''}>
        {playing && (
          <video key={playing.file} src={playing.file} controls autoPlay playsInline className="mx-auto max-h-[65dvh] w-full rounded-2xl bg-black" data-testid="howto-video" />
        )}
      </Modal>
    </Page>
  );
}
