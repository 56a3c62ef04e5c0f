import { useTranslation } from '../i18n/useTranslation';
import { pageWindow } from '../relativeTime';

/** SPEC §9 pagination: 3 pages before the current and 1 after; nothing when there is one page. */
export function PageNumbers({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="mt-4 flex justify-center gap-2" aria-label={t('statement.pages')}>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => onPage(number)}
          aria-current={number === page ? 'page' : undefined}
          className={`h-11 min-w-11 rounded-xl px-3 font-semibold ${number === page ? 'bg-gold-400 text-night-900' : 'bg-white/5 text-white/80 hover:bg-white/10'}`}
        >
          {number}
        </button>
      ))}
    </nav>
  );
}
