import type { ColumnDef } from '@tanstack/react-table';
import type { noticeHistoryResponse } from '@wallet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../../shared/ui/DataTable';
import { formatTime } from '../../shared/ui/format';
import { useMemberNotices } from './api/member-notices';

type Notice = z.infer<typeof noticeHistoryResponse>['notices'][number];

/** What the member was told outside the app, on which channel, and every try: support's answer to "I was never told". */
export function MemberNotices({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const notices = useMemberNotices(memberId);
  const columns = useMemo<ColumnDef<Notice, unknown>[]>(
    () => [
      { header: t('notices.when'), cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('notices.kind'), cell: ({ row }) => t(`notices.kinds.${row.original.kind}`) },
      {
        header: t('notices.state'),
        cell: ({ row }) => {
          const { state, channel, outcome } = row.original;
          const text = t(`notices.states.${state}`, { channel: channel ? t(`notices.channels.${channel}`) : '' });
          return outcome ? `${text} · ${t(`notices.outcomes.${outcome}`, { defaultValue: outcome })}` : text;
        },
      },
      {
        header: t('notices.attempts'),
        cell: ({ row }) => (
          <ul className="space-y-0.5 text-xs">
            {row.original.attempts.map((attempt) => (
              <li key={`${attempt.channel}-${attempt.at}`} title={attempt.detail ?? undefined}>
                {`${formatTime(attempt.at)} · ${t(`notices.channels.${attempt.channel}`)} · ${t(`notices.attemptOutcomes.${attempt.outcome}`)}`}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t],
  );
  if (!notices.data || notices.data.notices.length === 0) return null;
  return (
    <section className="space-y-2" data-testid="member-notices">
      <h2 className="font-semibold">{t('notices.title')}</h2>
      <DataTable columns={columns} rows={notices.data.notices} total={notices.data.notices.length} page={1} pageSize={notices.data.notices.length} />
    </section>
  );
}
