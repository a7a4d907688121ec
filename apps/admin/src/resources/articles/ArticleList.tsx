import { BooleanField, BooleanInput, DataTable, List, SearchInput, SelectField, SelectInput, useCanAccess } from 'react-admin';
import { DateTimeField } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { ARTICLE_TAB_CHOICES } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="tab" source="tab" choices={ARTICLE_TAB_CHOICES} />,
  <BooleanInput key="published" source="published" />,
];

export default function ArticleList(): React.ReactElement {
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'articles' });
  return (
    <List filters={filters} actions={<ListActions create={canWrite === true} />} exporter={false} empty={false} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable rowClick={canWrite === true ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="tab">
          <SelectField source="tab" choices={ARTICLE_TAB_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="title" />
        <DataTable.Col source="is_top">
          <BooleanField source="is_top" />
        </DataTable.Col>
        <DataTable.Col source="sort" />
        <DataTable.Col source="published">
          <BooleanField source="published" />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
