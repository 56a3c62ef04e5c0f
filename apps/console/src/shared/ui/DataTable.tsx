import { type ColumnDef, type SortingState, flexRender, getCoreRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * A dense table over one server page (the server pages and filters; TanStack Table lays it out),
 * with previous/next when there is more than a page. A capped total (`totalCapped`: the server
 * stopped counting at `total`, and there are more) still says how far the list goes at least, and
 * Next stays open: the server counts past the page asked for, so there is always a next page then.
 *
 * A column with an accessor sorts by it when its header is pressed (ascending, descending, as the
 * server gave it). The rows sorted are the page on screen, and a table of more than one page says
 * so: the lists are paged by the server, newest first, and ordering them otherwise across pages
 * would need an index per column on tables that grow without bound.
 */
export function DataTable<Row>({
  columns,
  rows,
  total,
  totalCapped = false,
  page,
  pageSize,
  onPage,
  testId,
  rowTestId,
}: {
  columns: ColumnDef<Row, unknown>[];
  rows: Row[];
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  onPage?: (page: number) => void;
  testId?: string;
  rowTestId?: (row: Row) => string;
}) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    state: { sorting },
    onSortingChange: setSorting,
    manualPagination: true,
    rowCount: total,
  });
  // Capped: more than `total` rows, so at least one more page than `total` alone would make.
  const pages = Math.max(1, Math.ceil((totalCapped ? total + 1 : total) / pageSize));
  return (
    <div>
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-white/10 text-left text-xs uppercase tracking-wide text-white/50">
              {group.headers.map((header) => {
                const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                const direction = header.column.getIsSorted();
                return (
                  <th key={header.id} className="px-2 py-2 font-semibold" aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-white" onClick={header.column.getToggleSortingHandler()} title={t('common.sortBy')}>
                        {label}
                        <span aria-hidden className={direction ? 'text-accent-300' : 'text-white/25'}>{direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-b border-white/5 hover:bg-white/5" data-testid={rowTestId?.(row.original)}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-2 py-2 align-top">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="py-6 text-center text-white/50">{t('common.nothing')}</p>}
      {onPage && (pages > 1 || page > 1) && (
        <div className="mt-3 flex items-center justify-end gap-2 text-xs text-white/60" data-testid={testId && `${testId}-pager`}>
          {sorting.length > 0 && <span data-testid={testId && `${testId}-sorted-in-page`}>{t('common.sortedInPage')}</span>}
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('common.previous')}</Button>
          <span>{t(totalCapped ? 'common.pageOfAtLeast' : 'common.pageOf', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('common.next')}</Button>
        </div>
      )}
    </div>
  );
}
