import { useTranslation } from '../../shared/i18n/useTranslation';
import { APP_VERSION } from '@wallet/contract';
import { useContact } from '../../shared/api/lookup/get-contact';
import { keepWords } from '../../shared/i18n/keepWords';
import { Card, Page } from '../../shared/ui/Page';

const DEFAULT_QR = '/contact-qr.svg';

/** SPEC §2 Contact: server text, version, LINE QR and link; the app puts the chat widget beside it (app/contact.tsx). */
export function ContactPage() {
  const { t } = useTranslation();
  const contact = useContact();
  const data = contact.data;
  const hasLink = !!(data?.lineLink && data.lineName);

  return (
    <Page title={t('contact.title')}>
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{t('contact.title')}</h1>
        <p className="mt-3 whitespace-pre-line text-white/80" data-testid="contact-text">
          {data && keepWords(data.contactText)}
        </p>
        <figure className="mx-auto mt-5 w-48">
          <img src={data?.lineQR || DEFAULT_QR} alt={t('contact.scan')} className="aspect-square w-full rounded-2xl bg-white p-2" />
          <figcaption className="mt-2 text-xs text-white/60">{t('contact.scan')}</figcaption>
        </figure>
        {hasLink && (
          <a
            href={data.lineLink!}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex min-h-12 items-center justify-center rounded-2xl bg-[#06c755] px-6 font-bold text-[#04210f]"
          >
            {t('contact.openLink', { name: data.lineName })}
          </a>
        )}
        <p className="mt-6 text-xs text-white/40" data-testid="app-version">
          {t('contact.version', { version: APP_VERSION })}
        </p>
      </Card>
    </Page>
  );
}
