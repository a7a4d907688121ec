import { LOCALES } from '@sum28/domain';
import { BooleanInput, NumberInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
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
    <EditForm>
      <OddsLink />
      <Fields create={false} />
    </EditForm>
  );
}

export function PlanCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields create />
    </CreateForm>
  );
}
