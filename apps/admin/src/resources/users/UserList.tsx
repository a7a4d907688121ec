import { BooleanInput, DataTable, DateInput, FilterButton, List, NumberInput, SearchInput, SelectField, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { CsvExportButton } from '../../common/CsvExportButton';
import { DateTimeField, MoneyField } from '../../common/fields';
import { GROUP_CHOICES, STATUS_CHOICES } from './choices';

/** Filters the API's USERS_LIST accepts (q searches username, nickname and mobile); `invite_code` becomes `id` (common/apiFilter.ts). */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="id" source="id" />,
  <TextInput key="username" source="username" />,
  <TextInput key="mobile" source="mobile" />,
  <TextInput key="invite_code" source="invite_code" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <SelectInput key="group_id" source="group_id" choices={GROUP_CHOICES} />,
  <NumberInput key="inviter_id" source="inviter_id" />,
  <BooleanInput key="must_change_password" source="must_change_password" />,
  <DateInput key="created_at_gte" source="created_at_gte" />,
  <DateInput key="created_at_lte" source="created_at_lte" />,
];

function ListActions(): React.ReactElement {
  return (
    <TopToolbar>
      <FilterButton />
      <CsvExportButton />
    </TopToolbar>
  );
}

export default function UserList(): React.ReactElement {
  return (
    <List filters={filters} actions={<ListActions />} exporter={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="username" />
        <DataTable.Col source="nickname" />
        <DataTable.Col source="mobile" disableSort />
        <DataTable.Col source="money" align="right">
          <MoneyField source="money" />
        </DataTable.Col>
        <DataTable.Col source="lock_money" align="right">
          <MoneyField source="lock_money" />
        </DataTable.Col>
        <DataTable.Col source="group_id">
          <SelectField source="group_id" choices={GROUP_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="inviter_username" disableSort />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
