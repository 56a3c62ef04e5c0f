import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { type CreateOperatorBody, OPERATOR_ROLES, type OperatorItem, type OperatorRole, createOperatorBody } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { DataTable } from '../../shared/ui/DataTable';
import { Dialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/Field';
import { formatTime } from '../../shared/ui/format';
import { ExportButton } from '../../shared/ui/ExportButton';
import { useCreateOperator, useOperators, useUpdateOperator } from './api/operators';

/** Operator accounts and their roles (admins only). */
export function OperatorsPage() {
  const { t } = useTranslation();
  const operators = useOperators();
  const [editing, setEditing] = useState<OperatorItem | null>(null);
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const form = useForm<CreateOperatorBody>({ resolver: zodResolver(createOperatorBody), defaultValues: { username: '', password: '', roles: [] } });
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(t('operators.created'));
        form.reset();
      },
      onError: (error) => toast.error(errorText(error)),
    }),
  );
  const columns = useMemo<ColumnDef<OperatorItem, unknown>[]>(
    () => [
      { header: t('operators.username'), accessorKey: 'username' },
      { header: t('operators.roles'), cell: ({ row }) => row.original.roles.map((role) => t(`operators.role.${role}`)).join(', ') },
      { header: t('operators.totp'), cell: ({ row }) => (row.original.totp ? '✓' : '-') },
      { header: t('members.joined'), accessorKey: 'createdAt', cell: ({ row }) => formatTime(row.original.createdAt) },
      {
        id: 'edit',
        header: '',
        cell: ({ row }) => <Button variant="secondary" onClick={() => setEditing(row.original)} data-testid={`operator-edit-${row.original.username}`}>{t('operators.edit')}</Button>,
      },
      {
        id: 'disabled',
        header: t('operators.disabled'),
        cell: ({ row }) => (
          <Button
            variant={row.original.disabled ? 'secondary' : 'danger'}
            onClick={() => update.mutate({ id: row.original._id, change: { disabled: !row.original.disabled } }, { onSuccess: () => toast.success(t('operators.saved')), onError: (error) => toast.error(errorText(error)) })}
          >
            {row.original.disabled ? t('operators.enable') : t('operators.disable')}
          </Button>
        ),
      },
    ],
    [t, update],
  );
  const fieldError = (name: keyof CreateOperatorBody) => (form.formState.errors[name] ? t(`errors.${form.formState.errors[name]?.message ?? 'KEY_INVALID'}`) : undefined);
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-bold">{t('operators.title')}</h1>
        <ExportButton
          fileName="operators.csv"
          columns={[
            { header: 'username', value: (row: OperatorItem) => row.username },
            { header: 'roles', value: (row) => row.roles.join(' ') },
            { header: 'disabled', value: (row) => row.disabled },
            { header: 'second factor', value: (row) => row.totp },
            { header: 'created', value: (row) => row.createdAt },
          ]}
          loadPage={async () => ({ rows: operators.data?.operators ?? [], total: operators.data?.operators.length ?? 0 })}
        />
      </div>
      <DataTable columns={columns} rows={operators.data?.operators ?? []} total={operators.data?.operators.length ?? 0} page={1} pageSize={1000} testId="operators" />
      <form className="grid max-w-xl gap-3 rounded-xl border border-white/10 bg-desk-900 p-4" onSubmit={(event) => void submit(event)}>
        <h2 className="font-bold">{t('operators.create')}</h2>
        <TextField label={t('operators.username')} error={fieldError('username')} {...form.register('username')} />
        <TextField label={t('operators.password')} type="password" autoComplete="new-password" error={fieldError('password')} {...form.register('password')} />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-xs font-semibold text-white/70">{t('operators.roles')}</legend>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2">
              <input type="checkbox" value={role} {...form.register('roles')} />
              {t(`operators.role.${role}`)}
            </label>
          ))}
        </fieldset>
        {fieldError('roles') && <p className="text-xs text-rose-300">{fieldError('roles')}</p>}
        <Button type="submit" busy={create.isPending} data-testid="operator-create">{t('operators.create')}</Button>
      </form>
      {editing && <EditOperator operator={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** Roles, a new password (for an operator who lost theirs), or a cleared second factor (a lost phone). */
function EditOperator({ operator, onClose }: { operator: OperatorItem; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const [password, setPassword] = useState('');
  const [resetSecondFactor, setResetSecondFactor] = useState(false);
  const save = () =>
    update.mutate(
      { id: operator._id, change: { roles, ...(password ? { password } : {}), ...(resetSecondFactor ? { resetSecondFactor } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('operators.saved'));
          onClose();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`${t('operators.edit')}: ${operator.username}`} testId="operator-edit">
      <div className="space-y-3">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-xs font-semibold text-white/70">{t('operators.roles')}</legend>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2">
              <input type="checkbox" checked={roles.includes(role)} onChange={(event) => setRoles(event.target.checked ? [...roles, role] : roles.filter((held) => held !== role))} />
              {t(`operators.role.${role}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('operators.newPassword')} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        {operator.totp && (
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={resetSecondFactor} onChange={(event) => setResetSecondFactor(event.target.checked)} />
            {t('operators.resetSecondFactor')}
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button busy={update.isPending} disabled={roles.length === 0} onClick={save} data-testid="operator-save">{t('common.save')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
