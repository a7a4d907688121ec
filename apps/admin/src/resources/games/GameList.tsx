import { BooleanField, BooleanInput, DataTable, List, SearchInput, useCanAccess } from 'react-admin';
import { ListActions } from '../../common/ListActions';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="enabled" source="enabled" />];

/** Games (lines) and whether each is open to players. */
export default function GameList(): React.ReactElement {
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'games' });
  return (
    <List filters={filters} actions={<ListActions create={canWrite === true} />} exporter={false} empty={false} sort={{ field: 'sort', order: 'ASC' }}>
      <DataTable rowClick={canWrite === true ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="sort" />
        <DataTable.Col source="enabled">
          <BooleanField source="enabled" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
