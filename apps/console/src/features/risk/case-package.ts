/** One row of a case's report package, as the server's export.csv writes it. */
export interface PackageRow {
  section: string;
  time: string;
  item: string;
  reference: string;
  amount: string;
  currency: string;
  detail: string;
}

const COLUMNS = ['section', 'time', 'item', 'reference', 'amount', 'currency', 'detail'] as const;

/** The fields of a CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks), without a byte-order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The package's rows by their columns (the header row names them), so a column added later does not shift the others. */
export function packageRows(text: string): PackageRow[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const at = COLUMNS.map((column) => header.findIndex((name) => name.split(' ')[0] === column));
  return rows.map((cells) => Object.fromEntries(COLUMNS.map((column, index) => [column, at[index]! >= 0 ? (cells[at[index]!] ?? '') : ''])) as unknown as PackageRow);
}
