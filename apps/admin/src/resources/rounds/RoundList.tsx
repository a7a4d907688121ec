import { DataTable, DateInput, List, NumberInput, ReferenceField, ReferenceInput, SearchInput, SelectField, SelectInput, TextInput } from 'react-admin';
import { ROUND_STATE_CHOICES } from '../../common/choices';
import { DateTimeField, MoneyField } from '../../common/fields';
import { ListActions } from '../../common/ListActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="game_id" source="game_id" reference="games" />,
  <SelectInput key="state" source="state" choices={ROUND_STATE_CHOICES} />,
  <TextInput key="issue" source="issue" />,
  <NumberInput key="sum" source="sum" min={0} max={27} />,
  <DateInput key="draw_at_gte" source="draw_at_gte" />,
  <DateInput key="draw_at_lte" source="draw_at_lte" />,
];

/** Rounds: issue, state, result, bets, turnover, payouts, GGR (the seed only on the round's page, once revealed). */
export default function RoundList(): React.ReactElement {
  return (
    <List filters={filters} actions={<ListActions />} exporter={false} empty={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="game_id">
          <ReferenceField source="game_id" reference="games" link={false} />
        </DataTable.Col>
        <DataTable.Col source="issue" />
        <DataTable.Col source="state">
          <SelectField source="state" choices={ROUND_STATE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="sum" align="right" />
        <DataTable.Col source="bet_count" align="right" disableSort />
        <DataTable.Col source="turnover" align="right" disableSort>
          <MoneyField source="turnover" />
        </DataTable.Col>
        <DataTable.Col source="payout" align="right" disableSort>
          <MoneyField source="payout" />
        </DataTable.Col>
        <DataTable.Col source="ggr" align="right" disableSort>
          <MoneyField source="ggr" />
        </DataTable.Col>
        <DataTable.Col source="draw_at">
          <DateTimeField source="draw_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
