import { BooleanInput, NumberInput, required, TextInput } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
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
    <EditForm>
      <Fields />
    </EditForm>
  );
}

export function BannerCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields />
    </CreateForm>
  );
}
