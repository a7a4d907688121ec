import { hitProbability, isPlayType } from '@sum28/domain';
import { AutocompleteInput, DataTable, FunctionField, List, NumberField, ReferenceField, ReferenceInput, SelectInput, useCanAccess } from 'react-admin';
import { PLAY_TYPE_CHOICES } from '../../common/choices';
import { DateTimeField, useIntlLocale } from '../../common/fields';
import { ListActions } from '../../common/ListActions';

const filters = [
  <ReferenceInput key="plan_id" source="plan_id" reference="plans" alwaysOn>
    <AutocompleteInput optionText="title" label="resources.odds.fields.plan_id" />
  </ReferenceInput>,
  <SelectInput key="play_type" source="play_type" choices={PLAY_TYPE_CHOICES} />,
];

/** Odds per room and play type: odds, chance to hit (libs/domain), RTP and fair odds (from the API). */
export default function OddsList(): React.ReactElement {
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'odds' });
  const locale = useIntlLocale();
  return (
    <List filters={filters} actions={<ListActions />} exporter={false} empty={false} sort={{ field: 'id', order: 'ASC' }} perPage={50}>
      <DataTable rowClick={canEdit === true ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="plan_id">
          <ReferenceField source="plan_id" reference="plans" link={false} />
        </DataTable.Col>
        <DataTable.Col source="play_type" />
        <DataTable.Col source="odds" align="right">
          <NumberField source="odds" locales={locale} options={{ minimumFractionDigits: 2, maximumFractionDigits: 3 }} />
        </DataTable.Col>
        <DataTable.Col label="resources.odds.fields.probability" align="right" disableSort>
          <FunctionField<{ play_type: string }>
            render={(r) =>
              isPlayType(r.play_type) ? new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1 }).format(hitProbability(r.play_type)) : '-'
            }
          />
        </DataTable.Col>
        <DataTable.Col source="rtp_percent" align="right" disableSort>
          <FunctionField<{ rtp_percent: number }> render={(r) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(r.rtp_percent)}%`} />
        </DataTable.Col>
        <DataTable.Col source="fair_odds" align="right" disableSort>
          <NumberField source="fair_odds" locales={locale} options={{ minimumFractionDigits: 3 }} />
        </DataTable.Col>
        <DataTable.Col source="updated_at">
          <DateTimeField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
