import {
  BooleanField,
  DataTable,
  NumberField,
  Pagination,
  ReferenceManyField,
  SelectField,
  Show,
  TabbedShowLayout,
  TextField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField, MoneyField } from '../../common/fields';
import { STATUS_CHOICES as CAPITAL_STATUS_CHOICES, TYPE_CHOICES as CAPITAL_TYPE_CHOICES } from '../capital-logs/choices';
import { GROUP_CHOICES, STATUS_CHOICES } from './choices';
import { ResetRequestNotice, UserActions } from './UserActions';

const empty = <span>-</span>;
const S = 'resources.support.columns';

/** One of the player's record tabs: a referenced list, newest first, ten a page, read only (rows open their page with rowClick="show"). */
function PlayerRecords({
  reference,
  target = 'user_id',
  rowClick = false,
  children,
}: {
  reference: string;
  target?: string;
  rowClick?: false | 'show';
  children: React.ReactNode;
}): React.ReactElement {
  return (
    <ReferenceManyField reference={reference} target={target} sort={{ field: 'id', order: 'DESC' }} perPage={10} pagination={<Pagination />} empty={empty}>
      <DataTable bulkActionButtons={false} rowClick={rowClick}>
        {children}
      </DataTable>
    </ReferenceManyField>
  );
}

/** A ledger account's name in the console's language (the five accounts of database/ledger-accounts.ts). */
function AccountCell(): React.ReactElement {
  const record = useRecordContext<{ account: string }>();
  const translate = useTranslate();
  const account = record?.account ?? '';
  return <span>{translate(`resources.support.accounts.${account}`, { _: account })}</span>;
}

/** The player's ledger posting lines (GET /admin-api/ledger-entries?filter={"user_id":id}): signed amounts per account. */
function LedgerTab(): React.ReactElement {
  return (
    <PlayerRecords reference="ledger-entries">
      <DataTable.Col source="id" label={`${S}.id`} />
      <DataTable.Col source="tx_id" label={`${S}.tx_id`} />
      <DataTable.Col source="kind" label={`${S}.kind`} disableSort />
      <DataTable.Col source="account" label={`${S}.account`}>
        <AccountCell />
      </DataTable.Col>
      <DataTable.Col source="amount" label={`${S}.amount`} align="right">
        <MoneyField source="amount" />
      </DataTable.Col>
      <DataTable.Col source="created_at" label={`${S}.created_at`}>
        <DateTimeField source="created_at" />
      </DataTable.Col>
    </PlayerRecords>
  );
}

/** The player's sign-in sessions (GET /admin-api/user-sessions?filter={"user_id":id}): never a token. */
function SessionsTab(): React.ReactElement {
  return (
    <PlayerRecords reference="user-sessions">
      <DataTable.Col source="id" label={`${S}.id`} />
      <DataTable.Col source="ip" label={`${S}.ip`} disableSort />
      <DataTable.Col source="created_at" label={`${S}.signed_in_at`}>
        <DateTimeField source="created_at" />
      </DataTable.Col>
      <DataTable.Col source="expires_at" label={`${S}.expires_at`}>
        <DateTimeField source="expires_at" />
      </DataTable.Col>
      <DataTable.Col source="revoked_at" label={`${S}.revoked_at`} disableSort>
        <DateTimeField source="revoked_at" />
      </DataTable.Col>
    </PlayerRecords>
  );
}

/** The player's bets (GET /admin-api/bets?filter={"user_id":id}), newest first. */
function BetsTab(): React.ReactElement {
  return (
    <PlayerRecords reference="bets">
      <DataTable.Col source="id" label={`${S}.id`} />
      <DataTable.Col source="issue" label={`${S}.issue`} disableSort />
      <DataTable.Col source="play_type" label={`${S}.play_type`} disableSort />
      <DataTable.Col source="stake" label={`${S}.stake`} align="right" disableSort>
        <MoneyField source="stake" />
      </DataTable.Col>
      <DataTable.Col source="odds" label={`${S}.odds`} align="right" disableSort />
      <DataTable.Col source="payout" label={`${S}.payout`} align="right" disableSort>
        <MoneyField source="payout" emptyText="-" />
      </DataTable.Col>
      <DataTable.Col source="created_at" label={`${S}.created_at`}>
        <DateTimeField source="created_at" />
      </DataTable.Col>
    </PlayerRecords>
  );
}

/** The player's fund records (recharges, withdrawals, gifts...), each linking to its approval page. */
function CapitalLogsTab(): React.ReactElement {
  return (
    <PlayerRecords reference="capital-logs" rowClick="show">
      <DataTable.Col source="id" label={`${S}.id`} />
      <DataTable.Col source="type" label={`${S}.type`} disableSort>
        <SelectField source="type" choices={CAPITAL_TYPE_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="quantity" label={`${S}.amount`} align="right" disableSort>
        <MoneyField source="quantity" />
      </DataTable.Col>
      <DataTable.Col source="status" label={`${S}.status`} disableSort>
        <SelectField source="status" choices={CAPITAL_STATUS_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="remark" label={`${S}.remark`} disableSort />
      <DataTable.Col source="created_at" label={`${S}.created_at`}>
        <DateTimeField source="created_at" />
      </DataTable.Col>
    </PlayerRecords>
  );
}

/** Players this one invited (GET /admin-api/users?filter={"inviter_id":id}). */
function TeamTab(): React.ReactElement {
  return (
    <PlayerRecords reference="users" target="inviter_id" rowClick="show">
      <DataTable.Col source="id" label={`${S}.id`} />
      <DataTable.Col source="username" label={`${S}.username`} />
      <DataTable.Col source="money" label={`${S}.balance`} align="right" disableSort>
        <MoneyField source="money" />
      </DataTable.Col>
      <DataTable.Col source="status" label={`${S}.status`} disableSort>
        <SelectField source="status" choices={STATUS_CHOICES} />
      </DataTable.Col>
      <DataTable.Col source="created_at" label={`${S}.created_at`}>
        <DateTimeField source="created_at" />
      </DataTable.Col>
    </PlayerRecords>
  );
}

/** Staff actions on this player from the audit log (superadmin only: audit_logs.read). */
function AuditTab(): React.ReactElement {
  return (
    <ReferenceManyField
      reference="audit-logs"
      target="target_id"
      filter={{ target_type: 'user' }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination />}
      empty={empty}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="id" label={`${S}.id`} />
        <DataTable.Col source="action" label={`${S}.action`} />
        <DataTable.Col source="staff_username" label={`${S}.staff`} />
        <DataTable.Col source="reason" label={`${S}.reason`} disableSort />
        <DataTable.Col source="created_at" label={`${S}.created_at`}>
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </ReferenceManyField>
  );
}

/**
 * A player, in tabs: profile, balances (GET /admin-api/users/:id), ledger postings, bets, capital logs, team (invited
 * players), sign-in sessions and the audit of staff actions on them, each the API's list with this player's filter,
 * shown to roles that may read it. The actions (reset password, freeze/unfreeze, in-site message, gift) sit in the
 * toolbar (UserActions).
 */
export default function UserShow(): React.ReactElement {
  const bets = useCanAccess({ action: 'list', resource: 'bets' }).canAccess === true;
  const capital = useCanAccess({ action: 'list', resource: 'capital-logs' }).canAccess === true;
  const audit = useCanAccess({ action: 'list', resource: 'audit_logs' }).canAccess === true;
  return (
    <Show actions={<UserActions />}>
      <ResetRequestNotice />
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.users.tabs.profile">
          <TextField source="id" />
          <TextField source="username" />
          <TextField source="nickname" emptyText="-" />
          <TextField source="mobile" emptyText="-" />
          <SelectField source="group_id" choices={GROUP_CHOICES} />
          <TextField source="invite_code" emptyText="-" />
          <SelectField source="status" choices={STATUS_CHOICES} />
          <TextField source="frozen_reason" emptyText="-" />
          <TextField source="inviter_username" emptyText="-" />
          <BooleanField source="has_security_code" />
          <BooleanField source="must_change_password" />
          <NumberField source="login_failures" />
          <DateTimeField source="locked_until" />
          <DateTimeField source="created_at" />
          <DateTimeField source="updated_at" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.tabs.balances" path="balances">
          <MoneyField source="money" />
          <MoneyField source="lock_money" />
          <MoneyField source="total_assets" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.tabs.ledger" path="ledger">
          <LedgerTab />
        </TabbedShowLayout.Tab>
        {bets && (
          <TabbedShowLayout.Tab label="resources.users.tabs.bets" path="bets">
            <BetsTab />
          </TabbedShowLayout.Tab>
        )}
        {capital && (
          <TabbedShowLayout.Tab label="resources.users.tabs.capital_logs" path="capital-logs">
            <CapitalLogsTab />
          </TabbedShowLayout.Tab>
        )}
        <TabbedShowLayout.Tab label="resources.users.tabs.team" path="team">
          <TeamTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.tabs.sessions" path="sessions">
          <SessionsTab />
        </TabbedShowLayout.Tab>
        {audit && (
          <TabbedShowLayout.Tab label="resources.users.tabs.audit" path="audit">
            <AuditTab />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
}
