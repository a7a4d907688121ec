import { BooleanField, BooleanInput, DataTable, SearchInput } from 'react-admin';
import { EditableList } from '../../common/EditableList';
import { BannerImage } from './BannerImage';
import { LocalisedTitleField } from '../../common/LocaleTabs';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="enabled" source="enabled" />];

export default function BannerList(): React.ReactElement {
  return (
    <EditableList resource="banners" filters={filters} sort={{ field: 'sort', order: 'ASC' }}>
      <DataTable.Col source="id" />
      <DataTable.Col source="image" disableSort>
        <BannerImage />
      </DataTable.Col>
      <DataTable.Col source="title">
        <LocalisedTitleField />
      </DataTable.Col>
      <DataTable.Col source="link" disableSort />
      <DataTable.Col source="sort" />
      <DataTable.Col source="enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
    </EditableList>
  );
}
