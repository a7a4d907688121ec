import { BooleanField, BooleanInput, DataTable, SearchInput, SelectField, SelectInput } from 'react-admin';
import { DateTimeField } from '../../common/fields';
import { EditableList } from '../../common/EditableList';
import { ARTICLE_TAB_CHOICES } from './choices';
import { LocalisedTitleField } from '../../common/LocaleTabs';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="tab" source="tab" choices={ARTICLE_TAB_CHOICES} />,
  <BooleanInput key="published" source="published" />,
];

export default function ArticleList(): React.ReactElement {
  return (
    <EditableList resource="articles" filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable.Col source="id" />
      <DataTable.Col source="tab">
        <SelectField source="tab" choices={ARTICLE_TAB_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="title">
        <LocalisedTitleField />
      </DataTable.Col>
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
    </EditableList>
  );
}
