import { DataTable, DateTimeInput, List, SearchInput, SelectField, SelectInput, TextInput } from 'react-admin';
import { ROLE_CHOICES } from '../../common/choices';
import { DateTimeField } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { VerifyChainButton } from './VerifyChainButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="staff_username" source="staff_username" />,
  <SelectInput key="staff_role" source="staff_role" choices={ROLE_CHOICES} />,
  <TextInput key="action" source="action" helperText="resources.audit-logs.help.action" />,
  <TextInput key="target_type" source="target_type" />,
  <TextInput key="target_id" source="target_id" />,
  <DateTimeInput key="created_at_gte" source="created_at_gte" parse={(v: string) => (v ? new Date(v).getTime() : undefined)} />,
  <DateTimeInput key="created_at_lte" source="created_at_lte" parse={(v: string) => (v ? new Date(v).getTime() : undefined)} />,
];

/** The audit log (superadmin, read-only): who did what to which target, when; the chain check. */
export default function AuditLogList(): React.ReactElement {
  return (
    <List
      filters={filters}
      actions={
        <ListActions>
          <VerifyChainButton />
        </ListActions>
      }
      exporter={false}
      empty={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
        <DataTable.Col source="staff_username" />
        <DataTable.Col source="staff_role">
          <SelectField source="staff_role" choices={ROLE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="action" />
        <DataTable.Col source="target_type" />
        <DataTable.Col source="target_id" disableSort />
        <DataTable.Col source="reason" disableSort />
      </DataTable>
    </List>
  );
}
