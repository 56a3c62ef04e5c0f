import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/ui/format';
import { useBooksStatus } from './api/books-status';

/** Across every page, for those who keep the books: the latest proof found a breach, or none ran for two hours. */
export function BooksBanner({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const status = useBooksStatus(show).data;
  if (!show || !status) return null;
  const breach = status.latest && !status.latest.ok ? status.latest : null;
  if (!breach && !status.overdue) return null;
  return (
    <div role="alert" className="border-b border-rose-400/40 bg-rose-950 px-5 py-2 text-sm text-rose-100" data-testid="books-banner">
      {breach ? t('books.bannerBreach', { count: breach.breaches, time: formatTime(breach.finishedAt) }) : t('books.bannerOverdue')}{' '}
      <Link to="/books" className="font-semibold underline">
        {t('books.bannerLink')}
      </Link>
    </div>
  );
}
