import { BooleanInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
import { NOTICE_KIND_CHOICES } from './choices';

function Fields({ create }: { create: boolean }): React.ReactElement {
  return (
    <>
      {create && <SelectInput source="kind" choices={NOTICE_KIND_CHOICES} validate={required()} helperText="resources.notices.help.kind" />}
      {create && <NumberInput source="user_id" min={1} helperText="resources.notices.help.user_id" />}
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="content" validate={required()} multiline minRows={4} fullWidth />
      <BooleanInput source="published" />
    </>
  );
}

export function NoticeEdit(): React.ReactElement {
  return (
    <EditForm>
      <Fields create={false} />
    </EditForm>
  );
}

export function NoticeCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields create />
    </CreateForm>
  );
}
