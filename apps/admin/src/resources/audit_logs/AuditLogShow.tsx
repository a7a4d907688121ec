import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Labeled, SelectField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { ROLE_CHOICES } from '../../common/choices';
import { DateTimeField } from '../../common/fields';
import { diffSnapshots } from './diff';

const CHANGE_COLOR = { added: 'success.main', removed: 'error.main', changed: 'warning.main', same: 'text.secondary' } as const;

/** Before and after, side by side, one line per field (changed lines marked). */
function SnapshotDiff(): React.ReactElement | null {
  const record = useRecordContext<{ before: unknown; after: unknown }>();
  const translate = useTranslate();
  if (!record) return null;
  const rows = diffSnapshots(record.before, record.after);
  if (rows.length === 0) return <>{translate('resources.audit-logs.no_snapshot')}</>;
  return (
    <Table size="small" aria-label={translate('resources.audit-logs.diff')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.audit-logs.diff_field')}</TableCell>
          <TableCell>{translate('resources.audit-logs.fields.before')}</TableCell>
          <TableCell>{translate('resources.audit-logs.fields.after')}</TableCell>
          <TableCell>{translate('resources.audit-logs.diff_change')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.path} sx={r.change === 'same' ? undefined : { bgcolor: 'action.hover' }}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{r.path}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.before}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.after}</TableCell>
            <TableCell sx={{ color: CHANGE_COLOR[r.change] }}>{translate(`resources.audit-logs.change.${r.change}`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function AuditLogShow(): React.ReactElement {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <DateTimeField source="created_at" />
        <TextField source="staff_username" />
        <SelectField source="staff_role" choices={ROLE_CHOICES} />
        <TextField source="action" />
        <TextField source="target_type" />
        <TextField source="target_id" emptyText="-" />
        <TextField source="reason" emptyText="-" />
        <TextField source="ip" emptyText="-" />
        <Labeled label="resources.audit-logs.diff">
          <SnapshotDiff />
        </Labeled>
        <TextField source="prev_hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <TextField source="hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
      </SimpleShowLayout>
    </Show>
  );
}
