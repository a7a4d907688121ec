import { API_ROOT, apiHeaders } from '../api';
import { toApiFilter } from './apiFilter';

export interface SortPayload {
  field: string;
  order: 'ASC' | 'DESC';
}

/**
 * The API's `GET /admin-api/<resource>/export.csv` with the list's filters and sort (same protocol as the list,
 * ra-data-simple-rest's `filter` and `sort` JSON parameters; no `range`: the API caps the export itself).
 */
export function exportCsvUrl(resource: string, filter: Record<string, unknown>, sort?: SortPayload): string {
  const params = new URLSearchParams({ filter: JSON.stringify(toApiFilter(resource, dropEmpty(filter))) });
  if (sort !== undefined && sort.field !== '') params.set('sort', JSON.stringify([sort.field, sort.order]));
  return `${API_ROOT}/${resource}/export.csv?${params.toString()}`;
}

/** react-admin keeps cleared inputs as '' or undefined: the API would refuse `"id": ""`. */
function dropEmpty(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '' && v !== undefined && v !== null));
}

export interface CsvDownload {
  rows: number;
  truncated: boolean;
}

export class CsvExportError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Fetches the CSV with the bearer token and saves it as `<resource>.csv`. */
export async function downloadCsv(url: string, filename: string): Promise<CsvDownload> {
  const res = await fetch(url, { headers: apiHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new CsvExportError(body.message ?? res.statusText, res.status);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return { rows: Number(res.headers.get('X-Export-Rows') ?? '0'), truncated: res.headers.get('X-Export-Truncated') === 'true' };
}
