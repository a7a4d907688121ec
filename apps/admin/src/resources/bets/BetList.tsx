import { DataTable, DateInput, List, NumberInput, ReferenceInput, SearchInput, SelectField, SelectInput, TextInput } from 'react-admin';
import { PLAY_TYPE_CHOICES } from '../../common/choices';
import { DateTimeField, MoneyField } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { BET_STATUS_CHOICES, HIT_CHOICES } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="user_id" source="user_id" />,
  <ReferenceInput key="plan_id" source="plan_id" reference="plans" />,
  <NumberInput key="round_id" source="round_id" />,
  <TextInput key="issue" source="issue" />,
  <SelectInput key="play_type" source="play_type" choices={PLAY_TYPE_CHOICES} />,
  <SelectInput key="status" source="status" choices={BET_STATUS_CHOICES} />,
  <SelectInput key="whether_hit" source="whether_hit" choices={HIT_CHOICES} />,
  <DateInput key="created_at_gte" source="created_at_gte" />,
  <DateInput key="created_at_lte" source="created_at_lte" />,
];

/** Bets, read-only. */
export default function BetList(): React.ReactElement {
  return (
    <List filters={filters} actions={<ListActions />} exporter={false} empty={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="order_no" />
        <DataTable.Col source="username" disableSort />
        <DataTable.Col source="issue" />
        <DataTable.Col source="play_type" />
        <DataTable.Col source="stake" align="right">
          <MoneyField source="stake" />
        </DataTable.Col>
        <DataTable.Col source="odds" align="right" disableSort />
        <DataTable.Col source="status">
          <SelectField source="status" choices={BET_STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="payout" align="right">
          <MoneyField source="payout" emptyText="-" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
