import type { ColumnDef } from '@tanstack/react-table';
import type { AdminSpinRow } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { formatMoney, formatTime } from '../../shared/ui/format';
import type { Ask } from '../../shared/ui/PromptDialog';
import { MEMBER_SPINS_PAGE, useMemberSpins, useVoidCoupon } from './api/member-spins';

/** The member's spins and coupons; an unclaimed prize can be withdrawn with a reason. */
export function MemberSpins({ memberId, canVoid, ask }: { memberId: string; canVoid: boolean; ask: Ask }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const spins = useMemberSpins(memberId, page);
  const voidCoupon = useVoidCoupon(memberId);
  const columns = useMemo<ColumnDef<AdminSpinRow, unknown>[]>(() => {
    async function withdraw(row: AdminSpinRow) {
      const reason = await ask({ title: t('spinwheels.void'), label: t('members.reasonLabel') });
      if (reason) voidCoupon.mutate({ coupon: row._id, reason }, { onSuccess: () => toast.success(t('spinwheels.saved')), onError: (error) => toast.error(errorText(error)) });
    }
    return [
      { header: t('spinwheels.when'), cell: ({ row }) => formatTime(row.original.createdAt) },
      { header: t('spinwheels.name'), cell: ({ row }) => row.original.campaignName },
      { header: t('spinwheels.label'), cell: ({ row }) => row.original.label },
      { header: t('spinwheels.amount'), cell: ({ row }) => (row.original.kind === 'coins' ? t('spinwheels.coinCount', { count: row.original.amount }) : row.original.kind === 'none' ? '—' : formatMoney(row.original.amount, 'en')) },
      { header: t('spinwheels.draw'), cell: ({ row }) => <span className="font-mono text-xs">{`#${row.original.nonce} · ${row.original.draw.toFixed(6)}`}</span> },
      { header: t('spinwheels.status'), cell: ({ row }) => t(`spinwheels.couponStatuses.${row.original.status}`) },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canVoid && row.original.status === 'claimable' ? (
            <Button variant="secondary" onClick={() => void withdraw(row.original)} data-testid={`spin-void-${row.original._id}`}>{t('spinwheels.void')}</Button>
          ) : null,
      },
    ];
  }, [t, canVoid, ask, voidCoupon]);
  if (!spins.data || spins.data.total === 0) return null;
  return (
    <section className="space-y-2" data-testid="member-spins">
      <h2 className="font-semibold">{t('spinwheels.memberTitle', { coins: spins.data.coins })}</h2>
      <DataTable columns={columns} rows={spins.data.spins} total={spins.data.total} page={page} pageSize={MEMBER_SPINS_PAGE} onPage={setPage} />
    </section>
  );
}
