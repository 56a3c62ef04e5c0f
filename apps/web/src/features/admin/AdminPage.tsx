import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDepositNoticesResponse, adminSlipsResponse, adminWalletTransfersResponse, adminWithdrawalsResponse, groupAccountNumber, loginResponse } from '@wallet/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { API_BASE } from '../../env';
import { ApiError, api } from '../../shared/api/client';
import { errorText } from '../../shared/api/messages';
import { formatDateTime } from '../../shared/format';
import { LanguageSelect } from '../../shared/i18n/LanguageSelect';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { Money } from '../../shared/ui/Money';
import { Card, Page } from '../../shared/ui/Page';
import { usePrompt } from '../../shared/ui/PromptDialog';

type Ask = ReturnType<typeof usePrompt>['ask'];

/** Operators keep their token apart from any member session, and only for this tab. */
const ADMIN_TOKEN_KEY = 'admin-token';

/** The operator's page (DESIGN §7): its own shell, reached only by typing /admin. */
export function AdminPage() {
  const { t } = useTranslation();
  const [token, setToken] = useState(() => sessionStorage.getItem(ADMIN_TOKEN_KEY));
  const signOut = useCallback(() => {
    const signedIn = sessionStorage.getItem(ADMIN_TOKEN_KEY);
    sessionStorage.removeItem(ADMIN_TOKEN_KEY);
    setToken(null);
    // Revoked on the server too, so a copy of the token is dead; one already dead answers 401.
    if (signedIn) api.post('/api/admin/logout', undefined, { token: signedIn }).catch(() => undefined);
  }, []);
  return (
    <div className="min-h-dvh pb-10">
      <header className="border-b border-white/10 bg-night-900/90">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <span className="font-bold">{t('admin.title')}</span>
          <div className="flex items-center gap-2">
            <LanguageSelect />
            {token && <Button variant="secondary" className="min-h-10 px-3 text-sm" onClick={signOut}>{t('menu.logout')}</Button>}
          </div>
        </div>
      </header>
      {token ? <Queues token={token} onExpired={signOut} /> : <AdminLogin onToken={(value) => (sessionStorage.setItem(ADMIN_TOKEN_KEY, value), setToken(value))} />}
    </div>
  );
}

function AdminLogin({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => api.post('/api/admin/login', { username, password }, { schema: loginResponse, token: '' }),
    onSuccess: ({ token }) => onToken(token),
    onError: (error) => toast.error(errorText(t, error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username && password) login.mutate();
  };
  return (
    <Page title={t('admin.title')} className="pt-8">
      <Card>
        <h1 className="mb-4 text-xl font-bold">{t('admin.login')}</h1>
        <form className="space-y-4" onSubmit={submit}>
          <TextField label={t('admin.username')} name="adminUsername" autoComplete="username" value={username} onChange={(event) => setUsername(event.target.value)} />
          <TextField label={t('login.password')} name="adminPassword" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <Button type="submit" className="w-full" busy={login.isPending} data-testid="admin-login">{t('login.submit')}</Button>
        </form>
      </Card>
    </Page>
  );
}

interface PendingItem {
  _id: string;
  amount: number;
  createdAt: string;
  username: string;
  memberName: string;
  detail?: ReactNode;
  /** The body an approval sends, asking the operator what it needs; null when they backed out. */
  approval?: (ask: Ask) => Promise<unknown>;
}

/** One queue of things waiting for an operator: approve, or fail with a reason. */
/** What the two actions say: a withdrawal is paid out or returned; a deposit is credited or refused. */
const ACTIONS = {
  payout: { approve: 'admin.approve', fail: 'admin.fail', approved: 'admin.approved', failed: 'admin.failed' },
  deposit: { approve: 'admin.credit', fail: 'admin.refuse', approved: 'admin.credited', failed: 'admin.refused' },
} as const;

function PendingList({ token, onExpired, title, path, kind, load }: { token: string; onExpired: () => void; title: string; path: string; kind: keyof typeof ACTIONS; load: () => Promise<{ total: number; items: PendingItem[] }> }) {
  const words = ACTIONS[kind];
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useQuery({ queryKey: ['admin', path], queryFn: load, refetchInterval: 15_000 });
  const expired = pending.error instanceof ApiError && pending.error.status === 401;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  const decide = useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: 'approve' | 'fail'; body?: unknown }) => api.post(`${path}/${id}/${action}`, body, { token }),
    onSuccess: (_result, { action }) => {
      toast.success(t(action === 'approve' ? words.approved : words.failed));
      return queryClient.invalidateQueries({ queryKey: ['admin', path] });
    },
    onError: (error) => toast.error(errorText(t, error)),
  });
  const prompt = usePrompt();
  async function fail(id: string) {
    const reason = await prompt.ask({ title: t(words.fail), label: t('admin.reason') });
    if (reason) decide.mutate({ id, action: 'fail', body: { reason } });
  }
  async function approve(item: PendingItem) {
    const body = item.approval ? await item.approval(prompt.ask) : undefined;
    if (body !== null) decide.mutate({ id: item._id, action: 'approve', body });
  }
  const testId = path.split('/').pop();
  return (
    <section className="mt-6">
      <h2 className="text-xl font-bold">{title} <span className="text-white/50">({pending.data?.total ?? '…'})</span></h2>
      {pending.data?.items.length === 0 && <p className="mt-3 text-white/60">{t('admin.nothingPending')}</p>}
      <ul className="mt-3 space-y-3" data-testid={`admin-${testId}`}>
        {pending.data?.items.map((item) => (
          <li key={item._id} className="rounded-2xl border border-white/10 bg-night-850 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{item.memberName} · {item.username}</span>
              {item.amount > 0 ? <Money value={item.amount} className="text-xl font-bold text-gold-300" /> : <span className="text-xl font-bold text-gold-300">-</span>}
            </div>
            {item.detail && <p className="mt-1 text-sm text-white/70">{item.detail}</p>}
            <p className="text-xs text-white/50">{formatDateTime(item.createdAt)}</p>
            <div className="mt-3 grid grid-cols-2 gap-2">
              <Button className="min-h-11" onClick={() => void approve(item)} busy={decide.isPending && decide.variables?.id === item._id && decide.variables.action === 'approve'} data-testid="admin-approve">
                {t(words.approve)}
              </Button>
              <Button variant="secondary" className="min-h-11" onClick={() => void fail(item._id)} data-testid="admin-fail">
                {t(words.fail)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {prompt.dialog}
    </section>
  );
}

function Queues({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.title')} className="max-w-3xl pt-2">
      <PendingList
        token={token}
        onExpired={onExpired}
        title={t('admin.withdrawals')}
        path="/api/admin/withdrawals"
        kind="payout"
        load={async () => {
          const { total, withdrawals } = await api.get('/api/admin/withdrawals?status=pending&limit=50', { schema: adminWithdrawalsResponse, token });
          return {
            total,
            items: withdrawals.map((withdrawal) => ({
              ...withdrawal,
              detail: <>{withdrawal.bankCode} · <span className="font-mono">{groupAccountNumber(withdrawal.bankAccountNo)}</span> · {withdrawal.bankAccountName}</>,
            })),
          };
        }}
      />
      <PendingList
        token={token}
        onExpired={onExpired}
        title={t('admin.depositNotices')}
        path="/api/admin/deposit-notices"
        kind="deposit"
        load={async () => {
          const { total, notices } = await api.get('/api/admin/deposit-notices?status=pending&limit=50', { schema: adminDepositNoticesResponse, token });
          return { total, items: notices };
        }}
      />
      <PendingList
        token={token}
        onExpired={onExpired}
        title={t('admin.slips')}
        path="/api/admin/slips"
        kind="deposit"
        load={async () => {
          const { total, slips } = await api.get('/api/admin/slips?status=pending&limit=50', { schema: adminSlipsResponse, token });
          return {
            total,
            items: slips.map((slip) => ({
              ...slip,
              detail: (
                <>
                  {slip.note && t(`errors.${slip.note}`)} · {t('admin.slipRef', { bank: slip.sendingBank ?? '-', ref: slip.transRef ?? '-' })} ·{' '}
                  <a href={`${API_BASE}${slip.link}`} target="_blank" rel="noopener noreferrer" className="text-gold-300 underline">{t('slip.view')}</a>
                </>
              ),
              // The bank did not tell us the amount: the operator, having checked, says it.
              approval: async (ask: Ask) => {
                if (slip.amount > 0) return {};
                const answer = await ask({ title: t('admin.credit'), label: t('admin.slipAmount'), inputMode: 'decimal' });
                const amount = Number(answer?.replace(/,/g, ''));
                return amount > 0 ? { amount } : null;
              },
            })),
          };
        }}
      />
      <PendingList
        token={token}
        onExpired={onExpired}
        title={t('admin.walletTransfers')}
        path="/api/admin/truemoney-transfers"
        kind="deposit"
        load={async () => {
          const { total, transfers } = await api.get('/api/admin/truemoney-transfers?limit=50', { schema: adminWalletTransfersResponse, token });
          return {
            total,
            items: transfers.map((transfer) => ({
              ...transfer,
              username: transfer.senderMobile,
              memberName: t(`admin.walletTransferStatus.${transfer.status}`),
              // Whose money it is: the sender's own account unless the operator names another member.
              approval: async (ask: Ask) => {
                const phone = await ask({ title: t('admin.credit'), label: t('admin.walletTransferPhone'), initial: transfer.senderMobile, inputMode: 'tel' });
                return phone ? { phone } : null;
              },
            })),
          };
        }}
      />
    </Page>
  );
}
