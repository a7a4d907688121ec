import { BooleanField, BooleanInput, DataTable, ReferenceField, ReferenceInput, SearchInput, SelectField, SelectInput } from 'react-admin';
import { TIER_CHOICES } from '../../common/choices';
import { MoneyField } from '../../common/fields';
import { EditableList } from '../../common/EditableList';
import { OddsLink } from './OddsLink';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="game_id" source="game_id" reference="games" />,
  <SelectInput key="tier" source="tier" choices={TIER_CHOICES} />,
  <BooleanInput key="enabled" source="enabled" />,
];

/** Rooms (plans): game, tier, the balance needed to join, open or closed; a link to each room's odds. */
export default function PlanList(): React.ReactElement {
  return (
    <EditableList resource="plans" filters={filters} sort={{ field: 'id', order: 'ASC' }}>
      <DataTable.Col source="id" />
      <DataTable.Col source="game_id">
        <ReferenceField source="game_id" reference="games" link={false} />
      </DataTable.Col>
      <DataTable.Col source="title" />
      <DataTable.Col source="tier">
        <SelectField source="tier" choices={TIER_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="join_limit" align="right">
        <MoneyField source="join_limit" />
      </DataTable.Col>
      <DataTable.Col source="sort" />
      <DataTable.Col source="enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
      <DataTable.Col label="resources.plans.odds" disableSort>
        <OddsLink />
      </DataTable.Col>
    </EditableList>
  );
}
