import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import { Box, Card, CardContent, Checkbox, Divider, List as MuiList, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { AUDIT_STATUS, CAPITAL_TYPE } from '@sum28/domain';
import { useState } from 'react';
import {
  AddSavedQueryIconButton,
  Button,
  DataTable,
  extractValidSavedQueries,
  DateInput,
  FilterButton,
  List,
  NumberInput,
  RemoveSavedQueryIconButton,
  SavedQueryFilterListItem,
  SearchInput,
  SelectField,
  TopToolbar,
  useCanAccess,
  useListContext,
  useRefresh,
  useSavedQueries,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { CsvExportButton } from '../../common/CsvExportButton';
import { DateTimeField, MoneyField, useIntlLocale } from '../../common/fields';
import type { ApprovalRecord } from './approval';
import { STATUS_CHOICES, TYPE_CHOICES } from './choices';
import { useReportOutcome } from './ResolveButtons';
import { type Decision, ResolveDialog } from './ResolveDialog';

/** Filters of the API's CAPITAL_LOGS_LIST (status, type and awaiting_second are set by the tabs). */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="user_id" source="user_id" />,
  <NumberInput key="id" source="id" />,
  <DateInput key="created_at_gte" source="created_at_gte" />,
  <DateInput key="created_at_lte" source="created_at_lte" />,
  <DateInput key="resolved_at_gte" source="resolved_at_gte" />,
  <DateInput key="resolved_at_lte" source="resolved_at_lte" />,
];

type StatusTab = 'pending' | 'awaiting_second' | 'approved' | 'rejected' | 'all';
const STATUS_TABS: { id: StatusTab; filter: Record<string, unknown> }[] = [
  { id: 'pending', filter: { status: AUDIT_STATUS.PENDING } },
  { id: 'awaiting_second', filter: { status: AUDIT_STATUS.PENDING, awaiting_second: true } },
  { id: 'approved', filter: { status: AUDIT_STATUS.APPROVED } },
  { id: 'rejected', filter: { status: AUDIT_STATUS.REJECTED } },
  { id: 'all', filter: {} },
];
type TypeTab = 'recharge' | 'withdraw' | 'gift' | 'all';
const TYPE_TABS: { id: TypeTab; type?: number }[] = [
  { id: 'all' },
  { id: 'recharge', type: CAPITAL_TYPE.RECHARGE },
  { id: 'withdraw', type: CAPITAL_TYPE.WITHDRAW },
  { id: 'gift', type: CAPITAL_TYPE.GIFT },
];

function currentStatusTab(f: Record<string, unknown>): StatusTab {
  if (f['status'] === AUDIT_STATUS.PENDING) return f['awaiting_second'] === true ? 'awaiting_second' : 'pending';
  if (f['status'] === AUDIT_STATUS.APPROVED) return 'approved';
  if (f['status'] === AUDIT_STATUS.REJECTED) return 'rejected';
  return 'all';
}

/** Two rows of tabs over the list: the status (with "waiting for a second approver") and the type. */
function ListTabs(): React.ReactElement {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const f = filterValues as Record<string, unknown>;
  const statusTab = currentStatusTab(f);
  const typeTab = TYPE_TABS.find((t) => t.type !== undefined && t.type === f['type'])?.id ?? 'all';
  const rest = (): Record<string, unknown> => {
    const { status: _s, awaiting_second: _a, type: _t, ...others } = f;
    return others;
  };
  const typeFilter = (): Record<string, unknown> => (f['type'] !== undefined ? { type: f['type'] } : {});
  return (
    <>
      <Tabs
        value={statusTab}
        onChange={(_e, v: StatusTab) => setFilters({ ...rest(), ...typeFilter(), ...(STATUS_TABS.find((t) => t.id === v)?.filter ?? {}) }, displayedFilters)}
        aria-label={translate('resources.capital-logs.tabs.status_label')}
        variant="scrollable"
      >
        {STATUS_TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={translate(`resources.capital-logs.tabs.${t.id}`)} />
        ))}
      </Tabs>
      <Divider />
      <Tabs
        value={typeTab}
        onChange={(_e, v: TypeTab) => {
          const type = TYPE_TABS.find((t) => t.id === v)?.type;
          setFilters({ ...rest(), ...(STATUS_TABS.find((t) => t.id === statusTab)?.filter ?? {}), ...(type !== undefined ? { type } : {}) }, displayedFilters);
        }}
        aria-label={translate('resources.capital-logs.tabs.type_label')}
        variant="scrollable"
      >
        {TYPE_TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={translate(`resources.capital-logs.tabs.type_${t.id}`)} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}

/** Approve / reject the selected records (only on the pending tabs): a confirmation with their count and total amount. */
function BulkResolveButtons(): React.ReactElement | null {
  const { selectedIds, data, filterValues } = useListContext<ApprovalRecord>();
  const { canAccess } = useCanAccess({ action: 'resolve', resource: 'capital-logs' });
  const [decision, setDecision] = useState<Decision | null>(null);
  const refresh = useRefresh();
  const translate = useTranslate();
  const unselectAll = useUnselectAll('capital-logs');
  const report = useReportOutcome();
  if (canAccess !== true || (filterValues as Record<string, unknown>)['status'] !== AUDIT_STATUS.PENDING) return null;
  const records = (data ?? []).filter((r) => selectedIds.includes(r.id));
  if (records.length === 0) return null;
  return (
    <Toolbar variant="dense" sx={{ gap: 1, bgcolor: 'action.selected' }} data-testid="bulk-bar">
      <Typography variant="body2" sx={{ flex: 1 }}>
        {translate('ra.action.bulk_actions', { smart_count: records.length })}
      </Typography>
      <Button label="resources.capital-logs.resolve.approve" onClick={() => setDecision('approve')}>
        <ApproveIcon />
      </Button>
      <Button label="resources.capital-logs.resolve.reject" color="error" onClick={() => setDecision('reject')}>
        <RejectIcon />
      </Button>
      <ResolveDialog
        open={decision !== null}
        decision={decision ?? 'approve'}
        records={records}
        onClose={() => setDecision(null)}
        onDone={(o) => {
          report(decision ?? 'approve', o);
          setDecision(null);
          unselectAll();
          refresh();
        }}
      />
      <Button label="ra.action.unselect" onClick={() => unselectAll()} />
    </Toolbar>
  );
}

/**
 * The selection checkbox of a pending row (react-admin's own row checkbox puts its label on a span, which axe-core
 * refuses; this one labels the input itself). A click selects without opening the record.
 */
function SelectCell({ record }: { record: ApprovalRecord }): React.ReactElement {
  const { selectedIds, onToggleItem } = useListContext<ApprovalRecord>();
  const translate = useTranslate();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggleItem(record.id)}
      slotProps={{ input: { 'aria-label': translate('resources.capital-logs.select_row', { id: record.id }) } }}
    />
  );
}

function ListActions(): React.ReactElement {
  return (
    <TopToolbar>
      <FilterButton />
      <CsvExportButton />
    </TopToolbar>
  );
}

/** Same query: filters, sort, page size and shown filters (key order does not matter). */
function sameQuery(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, x]) => [k, norm(x)]),
        )
      : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * Saved queries beside the list (filters, sort, page size, kept in the browser per resource): react-admin's own
 * pieces (add, remove, the saved items) in a layout whose list holds only list items (axe-core).
 */
function Aside(): React.ReactElement {
  const translate = useTranslate();
  const { resource, filterValues, displayedFilters, sort, perPage } = useListContext();
  const [saved] = useSavedQueries(resource);
  const valid = extractValidSavedQueries(saved);
  const current = { filter: filterValues, sort, perPage, displayedFilters };
  const isSaved = valid.some((q) => sameQuery(q.value, current));
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 200, flexShrink: 0, alignSelf: 'flex-start', display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h2" variant="subtitle2">
            {translate('ra.saved_queries.label')}
          </Typography>
          {isSaved ? <RemoveSavedQueryIconButton /> : <AddSavedQueryIconButton />}
        </Box>
        {valid.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('ra.saved_queries.help')}
          </Typography>
        ) : (
          <MuiList dense disablePadding>
            {valid.map((q) => (
              <SavedQueryFilterListItem key={q.label} label={q.label} value={q.value} />
            ))}
          </MuiList>
        )}
      </CardContent>
    </Card>
  );
}

/** The selection column, on the pending tabs for roles that may resolve. */
function useSelectable(): boolean {
  const { filterValues } = useListContext();
  const { canAccess } = useCanAccess({ action: 'resolve', resource: 'capital-logs' });
  return canAccess === true && (filterValues as Record<string, unknown>)['status'] === AUDIT_STATUS.PENDING;
}

function Table(): React.ReactElement {
  const selectable = useSelectable();
  return (
    <>
      <BulkResolveButtons />
      <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}>
        {selectable && <DataTable.Col label="resources.capital-logs.select" disableSort render={(r: ApprovalRecord) => <SelectCell record={r} />} />}
        <DataTable.Col source="id" />
        <DataTable.Col source="type">
          <SelectField source="type" choices={TYPE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="username" disableSort />
        <DataTable.Col source="quantity" align="right">
          <MoneyField source="quantity" />
        </DataTable.Col>
        <DataTable.Col source="currency_quantity" disableSort render={(r: ApprovalRecord) => <PaidCell record={r} />} />
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="approvals" disableSort render={(r: ApprovalRecord) => <ApprovalProgress record={r} />} />
        <DataTable.Col source="created_at">
          <DateTimeField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </>
  );
}

export default function CapitalLogList(): React.ReactElement {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: AUDIT_STATUS.PENDING }}
      actions={<ListActions />}
      aside={<Aside />}
      exporter={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
    >
      <ListTabs />
      <Table />
    </List>
  );
}

/** A recharge's amount paid in its currency and the rate in force (what it credits is the Amount column). */
function PaidCell({ record }: { record: ApprovalRecord & { currency?: string; currency_quantity?: number | null; rate?: string | null } }): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  if (record.currency_quantity === null || record.currency_quantity === undefined) return <span>-</span>;
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(record.currency_quantity);
  return <span>{translate('resources.capital-logs.paid_at_rate', { amount, currency: record.currency ?? '', rate: record.rate ?? '-' })}</span>;
}

/** "1 approval: alice" on a pending record waiting for a second approver, else the number of decisions. */
function ApprovalProgress({ record }: { record: ApprovalRecord }): React.ReactElement {
  const translate = useTranslate();
  const approvals = record.approvals.filter((a) => a.decision === 'approve');
  if (record.status === AUDIT_STATUS.PENDING && approvals.length > 0) {
    return (
      <span>{translate('resources.capital-logs.maker_checker.short', { staff: approvals.map((a) => a.staff_username ?? `#${a.staff_id}`).join(', ') })}</span>
    );
  }
  return <span>{approvals.length > 0 ? approvals.map((a) => a.staff_username ?? `#${a.staff_id}`).join(', ') : '-'}</span>;
}
