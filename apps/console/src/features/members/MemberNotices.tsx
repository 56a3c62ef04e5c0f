import type { ColumnDef } from '@tanstack/react-table';
import { NOTICE_KINDS, type NoticeKind, type noticeHistoryResponse } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { SelectField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { useMemberNotices } from './api/member-notices';
import { useSendTestNotice } from './api/send-test-notice';

/** How long a sent test holds the button: longer than any double click. */
const NEXT_TEST_AFTER_MS = 1_500;

type Notice = z.infer<typeof noticeHistoryResponse>['notices'][number];

/**
 * A test notice of a chosen kind to this member, through their own channels and choices like any
 * notice (an offer they did not consent to is not sent): what became of it shows in the table.
 */
function TestNotice({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const send = useSendTestNotice(memberId);
  const [kind, setKind] = useState<NoticeKind>('deposit_credited');
  // One intent per press: the key changes only once a sent test has been shown for a moment, so the
  // second click of a double click, however fast the answer, is the same test.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [justSent, setJustSent] = useState(false);
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="test-notice">
      <SelectField label={t('notices.testKind')} className="w-56" value={kind} onChange={(event) => setKind(event.target.value as NoticeKind)} data-testid="test-notice-kind">
        {NOTICE_KINDS.map((value) => <option key={value} value={value}>{t(`notices.kinds.${value}`)}</option>)}
      </SelectField>
      <Button variant="secondary" busy={send.isPending} disabled={justSent} onClick={() =>
          send.mutate(
            { kind, idempotencyKey },
            {
              onSuccess: () => {
                toast.success(t('notices.testSent'));
                setJustSent(true);
                setTimeout(() => {
                  setIdempotencyKey(crypto.randomUUID());
                  setJustSent(false);
                }, NEXT_TEST_AFTER_MS);
              },
              onError: (error) => toast.error(errorText(error)),
            },
          )
        } data-testid="test-notice-send">
        {t('notices.sendTest')}
      </Button>
      <span className="text-xs text-white/50">{t('notices.testHint')}</span>
    </div>
  );
}

/** What the member was told outside the app, on which channel, and every try: support's answer to "I was never told". */
export function MemberNotices({ memberId, canSendTest }: { memberId: string; canSendTest: boolean }) {
  const { t } = useTranslation();
  const notices = useMemberNotices(memberId);
  const columns = useMemo<ColumnDef<Notice, unknown>[]>(
    () => [
      { header: t('notices.when'), cell: ({ row }) => formatTime(row.original.createdAt) },
      {
        header: t('notices.kind'),
        cell: ({ row }) => {
          const kind = t(`notices.kinds.${row.original.kind}`);
          return row.original.testBy ? `${kind} · ${t('notices.testBy', { name: row.original.testBy })}` : kind;
        },
      },
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
  const rows = notices.data?.notices ?? [];
  if (rows.length === 0 && !canSendTest) return null;
  return (
    <section className="space-y-2" data-testid="member-notices">
      <h2 className="font-semibold">{t('notices.title')}</h2>
      {canSendTest && <TestNotice memberId={memberId} />}
      {rows.length > 0 && <DataTable columns={columns} rows={rows} total={rows.length} page={1} pageSize={rows.length} />}
    </section>
  );
}
