import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { capitalMarkView } from '@sum28/contracts';
import { CAPITAL_TYPE } from '@sum28/domain';
import { Labeled, NumberField, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField, MoneyField, useIntlLocale } from '../../common/fields';
import type { ApprovalRecord } from './approval';
import { STATUS_CHOICES, TYPE_CHOICES } from './choices';
import { ResolveButtons } from './ResolveButtons';

interface CapitalLogRecord extends ApprovalRecord {
  type: number;
  pay_snapshot: unknown;
  mark?: string;
}

/**
 * A fund row's marker in the console's words: the server's names (stake, payout, refund) translated, a recharge's
 * order number labelled, a staff note as written; an unknown marker through a translated label, never bare.
 */
export function MarkField(): React.ReactElement {
  const record = useRecordContext<CapitalLogRecord>();
  const translate = useTranslate();
  const mark = (record?.mark ?? '').trim();
  const v = capitalMarkView(mark);
  const text =
    mark === ''
      ? '-'
      : v === null
        ? translate('resources.capital-logs.marks.unknown', { code: mark })
        : v.kind === 'bet'
          ? translate(`resources.capital-logs.marks.${v.mark}`)
          : v.kind === 'order'
            ? translate('resources.capital-logs.marks.order', { no: v.orderNo })
            : v.text;
  return (
    <Labeled source="mark">
      <Typography variant="body2">{text}</Typography>
    </Labeled>
  );
}

/** Recharges: the amount paid in its currency and the rate in force when requested (what it credits is `quantity`). */
function RechargeConversion(): React.ReactElement | null {
  const record = useRecordContext<CapitalLogRecord>();
  if (record?.type !== CAPITAL_TYPE.RECHARGE) return null;
  return (
    <Box sx={{ display: 'flex', gap: 4 }}>
      <Labeled source="currency_quantity">
        <MoneyField source="currency_quantity" emptyText="-" />
      </Labeled>
      <Labeled source="rate">
        <TextField source="rate" emptyText="-" />
      </Labeled>
    </Box>
  );
}

/**
 * The payout account copied onto a withdrawal when requested (masked by the API unless the reader pays it: finance).
 * Field meaning depends on its type (libs/contracts PayInfo): bank card `acc` holder, `acc_name` card number,
 * `acc_bank` bank; wallet `acc` address, `acc_name` network.
 */
function PaySnapshot(): React.ReactElement | null {
  const record = useRecordContext<CapitalLogRecord>();
  const translate = useTranslate();
  const s = record?.pay_snapshot;
  if (s === null || s === undefined || typeof s !== 'object') return null;
  const snap = s as Record<string, unknown>;
  const kind = snap['type'] === 1 ? 'wallet' : 'bank';
  const rows: [string, unknown][] = [
    ['type', translate(`resources.capital-logs.pay.${kind}`)],
    [`${kind}_acc`, snap['acc']],
    [`${kind}_acc_name`, snap['acc_name']],
    ['acc_bank', snap['acc_bank']],
    ['mark', snap['mark']],
  ];
  const shown = rows.filter(([, v]) => typeof v === 'string' && v !== '');
  return (
    <Labeled label="resources.capital-logs.fields.pay_snapshot">
      <Table size="small" aria-label={translate('resources.capital-logs.fields.pay_snapshot')} sx={{ maxWidth: 480 }}>
        <TableBody>
          {shown.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {translate(`resources.capital-logs.pay.${k}`)}
              </TableCell>
              <TableCell>{String(v)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Labeled>
  );
}

/** Every decision recorded on the record: who, approve or reject, when. */
function Approvals(): React.ReactElement {
  const record = useRecordContext<CapitalLogRecord>();
  const translate = useTranslate();
  const locale = useIntlLocale();
  const rows = record?.approvals ?? [];
  return (
    <Labeled label="resources.capital-logs.fields.approvals">
      {rows.length === 0 ? (
        <Typography variant="body2">{translate('resources.capital-logs.none')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('resources.capital-logs.fields.approvals')} sx={{ maxWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.capital-logs.approvals.staff')}</TableCell>
              <TableCell>{translate('resources.capital-logs.approvals.decision')}</TableCell>
              <TableCell>{translate('resources.capital-logs.approvals.at')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((a) => (
              <TableRow key={`${a.staff_id}-${a.created_at}`}>
                <TableCell>{a.staff_username ?? `#${a.staff_id}`}</TableCell>
                <TableCell>{translate(`resources.capital-logs.approvals.${a.decision === 'approve' ? 'approve' : 'reject'}`)}</TableCell>
                <TableCell>{new Date(a.created_at).toLocaleString(locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Labeled>
  );
}

export default function CapitalLogShow(): React.ReactElement {
  return (
    <Show>
      <SimpleShowLayout>
        <ResolveButtons />
        <TextField source="id" />
        <SelectField source="type" choices={TYPE_CHOICES} />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <ReferenceField source="user_id" reference="users" link="show" label="resources.capital-logs.fields.username" />
        <MoneyField source="quantity" />
        <MoneyField source="over" emptyText="-" />
        <TextField source="currency" emptyText="-" />
        <RechargeConversion />
        <PaySnapshot />
        <MarkField />
        <TextField source="remark" emptyText="-" />
        <NumberField source="requested_by" emptyText="-" />
        <Approvals />
        <DateTimeField source="created_at" />
        <DateTimeField source="resolved_at" />
      </SimpleShowLayout>
    </Show>
  );
}
