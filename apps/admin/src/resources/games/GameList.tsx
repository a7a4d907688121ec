import { BooleanField, BooleanInput, DataTable, SearchInput } from 'react-admin';
import { EditableList } from '../../common/EditableList';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="enabled" source="enabled" />];

/** Games (lines) and whether each is open to players. */
export default function GameList(): React.ReactElement {
  return (
    <EditableList resource="games" filters={filters} sort={{ field: 'sort', order: 'ASC' }}>
      <DataTable.Col source="id" />
      <DataTable.Col source="name" />
      <DataTable.Col source="sort" />
      <DataTable.Col source="enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
    </EditableList>
  );
}
