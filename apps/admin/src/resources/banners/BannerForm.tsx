import { BooleanInput, Create, Edit, NumberInput, required, SimpleForm, TextInput } from 'react-admin';
import { changedFields } from '../../common/changedFields';
import { BannerPreview } from './BannerImage';

function Fields(): React.ReactElement {
  return (
    <>
      <TextInput source="image" validate={required()} helperText="resources.banners.help.url" fullWidth />
      <BannerPreview />
      <TextInput source="link" helperText="resources.banners.help.url" fullWidth />
      <TextInput source="title" />
      <NumberInput source="sort" />
      <BooleanInput source="enabled" />
    </>
  );
}

export function BannerEdit(): React.ReactElement {
  return (
    <Edit mutationMode="pessimistic" transform={changedFields}>
      <SimpleForm>
        <Fields />
      </SimpleForm>
    </Edit>
  );
}

export function BannerCreate(): React.ReactElement {
  return (
    <Create redirect="list">
      <SimpleForm>
        <Fields />
      </SimpleForm>
    </Create>
  );
}
