import { NumberField, ReferenceField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField, MoneyField } from '../../common/fields';
import { BET_STATUS_CHOICES, HIT_CHOICES } from './choices';

export default function BetShow(): React.ReactElement {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="order_no" />
        <ReferenceField source="user_id" reference="users" />
        <ReferenceField source="plan_id" reference="plans" />
        <ReferenceField source="round_id" reference="rounds" link="show" />
        <TextField source="play_type" />
        <MoneyField source="stake" />
        <NumberField source="odds" />
        <SelectField source="status" choices={BET_STATUS_CHOICES} />
        <SelectField source="whether_hit" choices={HIT_CHOICES} emptyText="-" />
        <MoneyField source="payout" emptyText="-" />
        <MoneyField source="profit" emptyText="-" />
        <DateTimeField source="created_at" />
        <DateTimeField source="settled_at" />
      </SimpleShowLayout>
    </Show>
  );
}
