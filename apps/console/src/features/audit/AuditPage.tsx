import type { ColumnDef } from '@tanstack/react-table';
import type { auditEntry } from '@wallet/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { TextField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { RequestId } from '../../shared/ui/RequestId';
import { AuditDetail } from './AuditDetail';
import { AuditIntegrity } from './AuditIntegrity';
import { AUDIT_PAGE_SIZE, type AuditFilter, exportAudit, useAudit, useVerifyAudit } from './api/audit';

type Entry = z.infer<typeof auditEntry>;

/** The audit log for an auditor: search, export, and check that nothing was edited, re-hashed or deleted. */
export function AuditPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<AuditFilter>({ actor: '', action: '', text: '' });
  const [filter, setFilter] = useState<AuditFilter>(typed);
  const [page, setPage] = useState(1);
  const entries = useAudit(filter, page);
  const siteCurrency = entries.data?.currency ?? 'THB';
  const verify = useVerifyAudit();
  const columns = useMemo<ColumnDef<Entry, unknown>[]>(
    () => [
      { header: t('members.time'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('audit.actor'), accessorKey: 'actor' },
      { header: t('audit.action'), accessorKey: 'action' },
      { header: t('audit.ip'), id: 'ip', accessorFn: (entry) => entry.ip ?? '', cell: ({ row }) => row.original.ip ?? '-' },
      { header: t('audit.detail'), cell: ({ row }) => <AuditDetail detail={row.original.detail} siteCurrency={siteCurrency} /> },
      { header: t('common.requestId'), id: 'requestId', cell: ({ row }) => <RequestId id={row.original.requestId} /> },
    ],
    [t, siteCurrency],
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter(typed);
    setPage(1);
  };
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold">{t('audit.title')}</h1>
      <form className="flex items-end gap-2" onSubmit={search}>
        <TextField label={t('audit.actor')} value={typed.actor} onChange={(event) => setTyped({ ...typed, actor: event.target.value })} />
        <TextField label={t('audit.action')} value={typed.action} onChange={(event) => setTyped({ ...typed, action: event.target.value })} />
        <TextField label={t('audit.text')} value={typed.text} onChange={(event) => setTyped({ ...typed, text: event.target.value })} />
        <Button type="submit">{t('common.search')}</Button>
        <Button variant="secondary" onClick={() => void exportAudit(filter).catch((error: unknown) => toast.error(errorText(error)))}>{t('common.exportCsv')}</Button>
        <Button
          variant="secondary"
          busy={verify.isPending}
          onClick={() =>
            // The result stays on the page (AuditIntegrity); only a failed call is a toast.
            verify.mutate(undefined, { onError: (error) => toast.error(errorText(error)) })
          }
          data-testid="audit-verify"
        >
          {t('audit.verify')}
        </Button>
      </form>
      <AuditIntegrity report={verify.data} />
      <DataTable columns={columns} rows={entries.data?.entries ?? []} total={entries.data?.total ?? 0} page={page} pageSize={AUDIT_PAGE_SIZE} onPage={setPage} testId="audit" />
    </div>
  );
}
