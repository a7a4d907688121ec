import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, useCanAccess, useListContext, useLogout, useNotify } from 'react-admin';
import { CsvExportError, downloadCsv, exportCsvUrl } from './csvExport';

/**
 * The export button of every list: the API's export.csv with the list's current filters and sort (not react-admin's
 * client-side exporter, which would only see the loaded page). Put it in the list's `actions` and set `exporter={false}`.
 */
export function CsvExportButton(): React.ReactElement | null {
  const { resource, filterValues, sort, total } = useListContext();
  const { canAccess } = useCanAccess({ action: 'export', resource });
  const notify = useNotify();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  if (canAccess !== true) return null;
  const onClick = async (): Promise<void> => {
    setBusy(true);
    try {
      const r = await downloadCsv(exportCsvUrl(resource, filterValues as Record<string, unknown>, sort), `${resource}.csv`);
      if (r.truncated) notify('app.export.truncated', { type: 'warning', messageArgs: { rows: r.rows } });
    } catch (e) {
      if (e instanceof CsvExportError && e.status === 401) void logout();
      else notify(e instanceof CsvExportError ? e.message : 'app.export.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void onClick()} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
