import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * Every page of a table, as CSV: the server pages the table, so an export asks for each page in
 * turn (at the largest page the route allows) and writes them all, not just the page on screen.
 */
export async function exportAllPages<Row>(
  fileName: string,
  columns: { header: string; value: (row: Row) => unknown }[],
  loadPage: (page: number) => Promise<{ rows: Row[]; total: number }>,
): Promise<void> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await loadPage(page);
    rows.push(...answer.rows);
    if (answer.rows.length === 0 || rows.length >= answer.total) break;
  }
  const csv = stringify([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => String(column.value(row) ?? '')))]);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
