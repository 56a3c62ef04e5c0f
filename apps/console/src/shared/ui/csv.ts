import { stringify } from 'csv-stringify/browser/esm/sync';

/** One page of a table for an export; `totalCapped` when the server stopped counting at `total`. */
export interface ExportPage<Row> {
  rows: Row[];
  total: number;
  totalCapped?: boolean;
}

/**
 * Every page of a table, as CSV: the server pages the table, so an export asks for each page in
 * turn (at the largest page the route allows) and writes them all, not just the page on screen.
 */
export async function exportAllPages<Row>(
  fileName: string,
  columns: { header: string; value: (row: Row) => unknown }[],
  loadPage: (page: number) => Promise<ExportPage<Row>>,
): Promise<void> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await loadPage(page);
    rows.push(...answer.rows);
    // A capped total is a floor, not the end: the export goes on until a page comes back empty.
    if (answer.rows.length === 0 || (!answer.totalCapped && rows.length >= answer.total)) break;
  }
  const csv = stringify([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => String(column.value(row) ?? '')))]);
  // A byte-order mark first: without it Excel reads the file in the machine's code page and garbles Thai and Lao.
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
