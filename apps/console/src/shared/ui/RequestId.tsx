import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * The id of the request (or job run) that caused a row, as the server's log lines carry it (`reqId`):
 * shown short, copied whole with one click so an operator can search the logs for it.
 */
export function RequestId({ id }: { id: string | null | undefined }) {
  const { t } = useTranslation();
  if (!id) return <span className="text-white/40">-</span>;
  const shown = id.length > 13 ? `${id.slice(0, 8)}…` : id;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      toast.success(t('common.requestIdCopied'));
    } catch {
      // No clipboard (a page not served over HTTPS): the whole id, to select by hand.
      toast.message(t('common.copyByHand'), { description: id, duration: 15_000 });
    }
  };
  return (
    <button
      type="button"
      title={id}
      aria-label={t('common.copyRequestId', { id })}
      onClick={() => void copy()}
      className="font-mono text-xs underline decoration-dotted underline-offset-2 hover:text-accent-300 focus-visible:outline-2 focus-visible:outline-accent-300"
      data-testid="request-id"
    >
      {shown}
    </button>
  );
}
