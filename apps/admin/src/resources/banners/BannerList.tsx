import { BooleanField, BooleanInput, DataTable, List, SearchInput, useCanAccess } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { BannerImage } from './BannerImage';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="enabled" source="enabled" />];

export default function BannerList(): React.ReactElement {
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'banners' });
  return (
    <List filters={filters} actions={<ListActions create={canWrite === true} />} exporter={false} empty={false} sort={{ field: 'sort', order: 'ASC' }}>
      <DataTable rowClick={canWrite === true ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="image" disableSort>
          <BannerImage />
        </DataTable.Col>
        <DataTable.Col source="title" />
        <DataTable.Col source="link" disableSort />
        <DataTable.Col source="sort" />
        <DataTable.Col source="enabled">
          <BooleanField source="enabled" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
