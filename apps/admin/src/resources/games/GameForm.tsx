import { LOCALES } from '@sum28/domain';
import { BooleanInput, NumberInput, required, TextInput } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';

function Fields({ create }: { create: boolean }): React.ReactElement {
  return (
    <>
      {create && <NumberInput source="id" validate={required()} min={1} max={9999} helperText="resources.games.help.id" />}
      <TextInput source="name" validate={required()} />
      {LOCALES.map((l) => (
        <TextInput key={l} source={`names.${l}`} label={`resources.games.fields.names_${l}`} />
      ))}
      <NumberInput source="sort" />
      <BooleanInput source="enabled" helperText="resources.games.help.enabled" />
    </>
  );
}

export function GameEdit(): React.ReactElement {
  return (
    <EditForm>
      <Fields create={false} />
    </EditForm>
  );
}

export function GameCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields create />
    </CreateForm>
  );
}
