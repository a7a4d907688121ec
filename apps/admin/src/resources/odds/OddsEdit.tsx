import { Edit, Labeled, ReferenceField, SaveButton, SimpleForm, TextField, Toolbar } from 'react-admin';
import { changedFields } from '../../common/changedFields';
import { OddsInput } from './OddsInput';

/** One odds row: only the odds are editable; the figures follow what is typed (OddsInput). */
export default function OddsEdit(): React.ReactElement {
  return (
    <Edit mutationMode="pessimistic" transform={changedFields}>
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Labeled source="plan_id">
          <ReferenceField source="plan_id" reference="plans" link={false} />
        </Labeled>
        <Labeled source="play_type">
          <TextField source="play_type" />
        </Labeled>
        <OddsInput />
      </SimpleForm>
    </Edit>
  );
}
