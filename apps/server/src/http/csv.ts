import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** A time column's header that says which zone its times are in: "time (UTC+7 Asia/Bangkok)", no comma to quote. */
export function siteTimeHeader(label: string, timeZone: string, at = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return `${label} (${offset.replace('GMT', 'UTC')} ${timeZone})`;
}

/**
 * A text a spreadsheet would read as a formula (`=HYPERLINK(...)` in a member's name or a note) is
 * kept as text by a leading apostrophe (OWASP "CSV injection").
 */
export const spreadsheetSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Answers a CSV download built page by page, so an export of any size streams in constant memory.
 * `pages` yields rows until the table is exhausted (keyset paging in the repository). It starts
 * with a UTF-8 byte-order mark: without one Excel reads the file as the machine's code page and
 * garbles Thai and Lao.
 */
export function sendCsv<Row extends Record<string, unknown>>(
  reply: FastifyReply,
  fileName: string,
  columns: { key: keyof Row & string; header: string }[],
  pages: AsyncIterable<Row[]>,
): FastifyReply {
  const rows = Readable.from(
    (async function* () {
      for await (const page of pages) yield* page;
    })(),
  );
  const csv = stringify({ bom: true, header: true, columns, cast: { date: (value) => value.toISOString(), bigint: (value) => value.toString(), object: (value) => JSON.stringify(value), string: spreadsheetSafe } });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(rows.pipe(csv));
}
