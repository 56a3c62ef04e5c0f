import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV download built page by page, so an export of any size streams in constant memory.
 * `pages` yields rows until the table is exhausted (keyset paging in the repository).
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
  const csv = stringify({ header: true, columns, cast: { date: (value) => value.toISOString(), bigint: (value) => value.toString(), object: (value) => JSON.stringify(value) } });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(rows.pipe(csv));
}
