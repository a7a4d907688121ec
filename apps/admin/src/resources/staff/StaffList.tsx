import { BooleanField, BooleanInput, DataTable, List, NumberField, SearchInput, SelectField, SelectInput } from 'react-admin';
import { ROLE_CHOICES } from '../../common/choices';
import { DateTimeField } from '../../common/fields';
import { ListActions } from '../../common/ListActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} />,
  <BooleanInput key="enabled" source="enabled" />,
];

/** Staff accounts (superadmin only): role, enabled, second factor, sign-in lock. */
export default function StaffList(): React.ReactElement {
  return (
    <List filters={filters} actions={<ListActions create />} exporter={false} empty={false} sort={{ field: 'id', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="username" />
        <DataTable.Col source="role">
          <SelectField source="role" choices={ROLE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="enabled">
          <BooleanField source="enabled" />
        </DataTable.Col>
        <DataTable.Col source="totp_enabled">
          <BooleanField source="totp_enabled" />
        </DataTable.Col>
        <DataTable.Col source="login_failures" align="right">
          <NumberField source="login_failures" />
        </DataTable.Col>
        <DataTable.Col source="locked_until">
          <DateTimeField source="locked_until" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
