import { LOCALES } from '@sum28/domain';
import { BooleanInput, Create, Edit, NumberInput, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { changedFields } from '../../common/changedFields';
import { TIER_CHOICES } from '../../common/choices';
import { OddsLink } from './OddsLink';

function Fields({ create }: { create: boolean }): React.ReactElement {
  return (
    <>
      {create && (
        <ReferenceInput source="game_id" reference="games">
          <SelectInput optionText="name" validate={required()} />
        </ReferenceInput>
      )}
      <TextInput source="title" validate={required()} />
      {LOCALES.map((l) => (
        <TextInput key={l} source={`titles.${l}`} label={`resources.plans.fields.titles_${l}`} />
      ))}
      <SelectInput source="tier" choices={TIER_CHOICES} validate={required()} />
      <NumberInput source="join_limit" min={0} step={0.01} validate={required()} helperText="resources.plans.help.join_limit" />
      <NumberInput source="sort" />
      <BooleanInput source="enabled" />
    </>
  );
}

export function PlanEdit(): React.ReactElement {
  return (
    <Edit mutationMode="pessimistic" transform={changedFields}>
      <SimpleForm>
        <OddsLink />
        <Fields create={false} />
      </SimpleForm>
    </Edit>
  );
}

export function PlanCreate(): React.ReactElement {
  return (
    <Create redirect="list">
      <SimpleForm>
        <Fields create />
      </SimpleForm>
    </Create>
  );
}
