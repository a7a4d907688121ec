import { BooleanField, BooleanInput, DataTable, NumberInput, SearchInput, SelectField, SelectInput, TextField } from 'react-admin';
import { DateTimeField } from '../../common/fields';
import { EditableList } from '../../common/EditableList';
import { NOTICE_KIND_CHOICES } from './choices';
import { LocalisedTitleField } from '../../common/LocaleTabs';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={NOTICE_KIND_CHOICES} />,
  <NumberInput key="user_id" source="user_id" />,
  <BooleanInput key="published" source="published" />,
];

export default function NoticeList(): React.ReactElement {
  return (
    <EditableList resource="notices" filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <DataTable.Col source="id" />
      <DataTable.Col source="kind">
        <SelectField source="kind" choices={NOTICE_KIND_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="user_id">
        <TextField source="user_id" emptyText="resources.notices.everyone" />
      </DataTable.Col>
      <DataTable.Col source="title">
        <LocalisedTitleField />
      </DataTable.Col>
      <DataTable.Col source="published">
        <BooleanField source="published" />
      </DataTable.Col>
      <DataTable.Col source="created_at">
        <DateTimeField source="created_at" />
      </DataTable.Col>
    </EditableList>
  );
}
