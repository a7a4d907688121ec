import { LOCALES } from '@sum28/domain';
import { BooleanInput, Create, Edit, NumberInput, required, SimpleForm, TextInput } from 'react-admin';
import { changedFields } from '../../common/changedFields';

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
    <Edit mutationMode="pessimistic" transform={changedFields}>
      <SimpleForm>
        <Fields create={false} />
      </SimpleForm>
    </Edit>
  );
}

export function GameCreate(): React.ReactElement {
  return (
    <Create redirect="list">
      <SimpleForm>
        <Fields create />
      </SimpleForm>
    </Create>
  );
}
