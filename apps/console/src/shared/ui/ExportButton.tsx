import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../i18n';
import { Button } from './Button';
import { type ExportPage, exportAllPages } from './csv';

/** "Export CSV" for a table: every page, not just the one on screen. */
export function ExportButton<Row>({
  fileName,
  columns,
  loadPage,
}: {
  fileName: string;
  columns: { header: string; value: (row: Row) => unknown }[];
  loadPage: (page: number) => Promise<ExportPage<Row>>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={() => {
        setBusy(true);
        exportAllPages(fileName, columns, loadPage)
          .catch((error: unknown) => toast.error(errorText(error)))
          .finally(() => setBusy(false));
      }}
    >
      {t('common.exportCsv')}
    </Button>
  );
}
