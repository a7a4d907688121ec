import {
  DataTable,
  FunctionField,
  Labeled,
  NumberField,
  ReferenceField,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { Stack } from '@mui/material';
import { ROUND_STATE_CHOICES } from '../../common/choices';
import { DateTimeField, MoneyField } from '../../common/fields';
import { VoidRoundButton } from './VoidRoundButton';

interface RoundRecord {
  site_1: number | null;
  site_2: number | null;
  site_3: number | null;
  sum: number | null;
}

/** One round: the commitment hash, the seed once revealed, the result, money figures, the void action, its bets. */
export default function RoundShow(): React.ReactElement {
  return (
    <Show
      actions={
        <TopToolbar>
          <VoidRoundButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Labeled source="id">
            <TextField source="id" />
          </Labeled>
          <Labeled source="game_id">
            <ReferenceField source="game_id" reference="games" link={false} />
          </Labeled>
          <Labeled source="issue">
            <TextField source="issue" />
          </Labeled>
          <Labeled source="state">
            <SelectField source="state" choices={ROUND_STATE_CHOICES} />
          </Labeled>
          <Labeled source="result">
            <FunctionField<RoundRecord>
              source="result"
              render={(r) => (r.sum === null ? '-' : `${r.site_1 ?? '-'} + ${r.site_2 ?? '-'} + ${r.site_3 ?? '-'} = ${r.sum}`)}
            />
          </Labeled>
        </Stack>
        <TextField source="hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <TextField source="seed" emptyText="resources.rounds.seed_hidden" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Labeled source="open_at">
            <DateTimeField source="open_at" />
          </Labeled>
          <Labeled source="close_at">
            <DateTimeField source="close_at" />
          </Labeled>
          <Labeled source="draw_at">
            <DateTimeField source="draw_at" />
          </Labeled>
          <Labeled source="settled_at">
            <DateTimeField source="settled_at" />
          </Labeled>
        </Stack>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Labeled source="bet_count">
            <NumberField source="bet_count" />
          </Labeled>
          <Labeled source="turnover">
            <MoneyField source="turnover" />
          </Labeled>
          <Labeled source="payout">
            <MoneyField source="payout" />
          </Labeled>
          <Labeled source="ggr">
            <MoneyField source="ggr" />
          </Labeled>
        </Stack>
        <TextField source="void_reason" emptyText="-" />
        <ReferenceManyField reference="bets" target="round_id" label="resources.rounds.bets" perPage={50} sort={{ field: 'id', order: 'DESC' }}>
          <DataTable bulkActionButtons={false} rowClick="show">
            <DataTable.Col source="order_no" label="resources.bets.fields.order_no" />
            <DataTable.Col source="username" label="resources.bets.fields.username" />
            <DataTable.Col source="play_type" label="resources.bets.fields.play_type" />
            <DataTable.Col source="stake" label="resources.bets.fields.stake" align="right">
              <MoneyField source="stake" />
            </DataTable.Col>
            <DataTable.Col source="odds" label="resources.bets.fields.odds" align="right" />
            <DataTable.Col source="payout" label="resources.bets.fields.payout" align="right">
              <MoneyField source="payout" emptyText="-" />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
