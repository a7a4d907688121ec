import type { FastifyReply } from 'fastify';
import type { CsvDoc, Page } from './list.service';

/** A list answer: the bare array, and `Content-Range: <resource> <start>-<end>/<total>` (`*\/<total>` when empty). */
export function respondPage<V>(reply: FastifyReply, page: Page<V>): V[] {
  const range = page.rows.length > 0 ? `${page.start}-${page.start + page.rows.length - 1}` : '*';
  void reply.header('Content-Range', `${page.resource} ${range}/${page.total}`);
  return page.rows;
}

/** An export: text/csv as an attachment; `X-Export-Truncated: true` when the cap cut it. */
export function respondCsv(reply: FastifyReply, doc: CsvDoc): string {
  void reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${doc.resource}.csv"`)
    .header('X-Export-Rows', String(doc.rows))
    .header('X-Export-Truncated', String(doc.truncated));
  return doc.body;
}
