import { Alert, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  HttpError,
  ListBase,
  Loading,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  TopToolbar,
  useCanAccess,
  useGetIdentity,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { API_ROOT, httpClient } from '../../api';
import { CsvExportButton } from '../../common/CsvExportButton';
import { useIntlLocale } from '../../common/fields';
import { ScheduleCard } from './ScheduleCard';
import { changedSettings, CURRENCY_CODES, formValues, SETTING_GROUPS, type SettingFieldDef } from './groups';

/** Operator settings as ONE grouped form: every field with its meaning; saving sends one PUT per changed key. */
export default function SettingsPage(): React.ReactElement {
  return (
    <ListBase perPage={100} disableSyncWithLocation sort={{ field: 'id', order: 'ASC' }}>
      <SettingsForm />
    </ListBase>
  );
}

/** A money control's change waiting for a second superadmin (the API's `pending`). */
interface PendingChange {
  change_id: number;
  value: unknown;
  requested_by: number;
  requested_by_name: string | null;
  requested_at: number;
}

interface SettingRow {
  id: string;
  value: unknown;
  two_person?: boolean;
  pending?: PendingChange | null;
}

function SettingsForm(): React.ReactElement {
  const { data, isPending, error } = useListContext<SettingRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'settings' });
  const [failures, setFailures] = useState<Record<string, string>>({});
  // A change sent for approval is not in force: the form shows the values in force again (the change shows below its field).
  const [generation, setGeneration] = useState(0);
  if (isPending) return <Loading />;
  if (error || !data) return <Typography color="error">{translate('ra.notification.http_error')}</Typography>;
  const initial = formValues(data);
  const onSubmit = async (values: Record<string, unknown>): Promise<void> => {
    const changes = changedSettings(initial, values);
    const failed: Record<string, string> = {};
    let saved = 0;
    let pending = 0;
    for (const [id, value] of changes) {
      try {
        const { json } = await httpClient(`${API_ROOT}/settings/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify({ value }) });
        if ((json as { applied?: boolean }).applied === false) pending++;
        else saved++;
      } catch (e) {
        failed[id] = e instanceof HttpError ? e.message : translate('ra.notification.http_error');
      }
    }
    setFailures(failed);
    if (pending > 0 && Object.keys(failed).length === 0) setGeneration((g) => g + 1);
    if (Object.keys(failed).length > 0)
      notify('resources.settings.partly_saved', { type: 'error', messageArgs: { saved, failed: Object.keys(failed).length } });
    else if (pending > 0) notify('resources.settings.sent_for_approval', { type: 'info', messageArgs: { saved, pending } });
    else notify('resources.settings.saved', { type: 'success', messageArgs: { saved } });
    refresh();
  };
  return (
    <Box>
      <Title title="resources.settings.name" />
      <TopToolbar>
        <CsvExportButton />
      </TopToolbar>
      <Form defaultValues={initial} onSubmit={(v: Record<string, unknown>) => void onSubmit(v)} key={`${generation}:${JSON.stringify(initial)}`}>
        <Stack spacing={2}>
          {SETTING_GROUPS.map((g) => (
            <Card key={g.group} component="section" aria-labelledby={`settings-${g.group}`}>
              <CardContent>
                <Typography variant="h6" component="h2" id={`settings-${g.group}`}>
                  {translate(`resources.settings.groups.${g.group}`)}
                </Typography>
                <Divider sx={{ mb: 2 }} />
                {g.fields.map((f) => {
                  const row = data.find((r) => r.id === f.id);
                  return (
                    <Box key={f.id}>
                      <SettingField def={f} disabled={canWrite !== true} failure={failures[f.id]} twoPerson={row?.two_person === true} />
                      {row?.pending && <PendingNotice id={f.id} def={f} pending={row.pending} />}
                    </Box>
                  );
                })}
              </CardContent>
            </Card>
          ))}
          {canWrite === true && <SaveBar />}
        </Stack>
      </Form>
      <Box sx={{ mt: 2 }}>
        <ScheduleCard />
      </Box>
    </Box>
  );
}

function SaveBar(): React.ReactElement {
  const { formState } = useFormContext();
  return (
    <Box>
      <SaveButton disabled={!formState.isDirty} alwaysEnable={formState.isDirty} />
    </Box>
  );
}

/** How a requested value reads: money and numbers as they are, enum values by name, rates as `CODE rate`. */
function shownValue(def: SettingFieldDef, value: unknown, translate: (k: string) => string): string {
  if (def.input === 'enum' && typeof value === 'string') return translate(`resources.settings.values.${value}`);
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ');
  return String(value);
}

/**
 * The change waiting under a money control: what and who asked. A different superadmin may approve or reject it; its
 * requester may withdraw it. The API decides (MAKER_CHECKER, APPROVER_SET_UP_BY_PARTY); the buttons follow its rules.
 */
function PendingNotice({ id, def, pending }: { id: string; def: SettingFieldDef; pending: PendingChange }): React.ReactElement {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const intlLocale = useIntlLocale();
  const { identity } = useGetIdentity();
  const { canAccess: canApprove } = useCanAccess({ action: 'approve', resource: 'settings' });
  const [busy, setBusy] = useState(false);
  const own = identity?.id === pending.requested_by;
  const decide = async (verb: 'approve' | 'reject', done: string): Promise<void> => {
    setBusy(true);
    try {
      await httpClient(`${API_ROOT}/settings/${encodeURIComponent(id)}/${verb}`, { method: 'POST', body: JSON.stringify({ change_id: pending.change_id }) });
      notify(done, { type: 'success' });
    } catch (e) {
      notify(e instanceof HttpError ? e.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const time = new Date(pending.requested_at).toLocaleString(intlLocale);
  const actions = (
    <Stack direction="row" spacing={1}>
      {canApprove === true && !own && (
        <>
          <Button size="small" variant="contained" disabled={busy} onClick={() => void decide('approve', 'resources.settings.pending.approved')}>
            {translate('resources.settings.pending.approve')}
          </Button>
          <Button size="small" color="inherit" disabled={busy} onClick={() => void decide('reject', 'resources.settings.pending.rejected')}>
            {translate('resources.settings.pending.reject')}
          </Button>
        </>
      )}
      {own && (
        <Button size="small" color="inherit" disabled={busy} onClick={() => void decide('reject', 'resources.settings.pending.withdrawn')}>
          {translate('resources.settings.pending.withdraw')}
        </Button>
      )}
    </Stack>
  );
  return (
    <Alert severity="warning" role="status" sx={{ maxWidth: 640, mb: 2 }} action={actions} data-testid={`pending-${id}`}>
      {translate('resources.settings.pending.waiting', {
        value: shownValue(def, pending.value, translate),
        name: pending.requested_by_name ?? `#${pending.requested_by}`,
        time,
      })}
      {own && (
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          {translate('resources.settings.pending.own')}
        </Typography>
      )}
    </Alert>
  );
}

function SettingField({
  def,
  disabled,
  failure,
  twoPerson,
}: {
  def: SettingFieldDef;
  disabled: boolean;
  failure: string | undefined;
  twoPerson: boolean;
}): React.ReactElement {
  const translate = useTranslate();
  const label = `resources.settings.keys.${def.id}.label`;
  const help = (
    <>
      {translate(`resources.settings.keys.${def.id}.help`)}
      {twoPerson && (
        <Typography component="span" variant="caption" sx={{ display: 'block' }}>
          {translate('resources.settings.pending.two_person')}
        </Typography>
      )}
      {failure !== undefined && (
        <Typography component="span" color="error" role="alert" sx={{ display: 'block' }}>
          {failure}
        </Typography>
      )}
    </>
  );
  const common = { source: def.id, label, helperText: help, disabled, fullWidth: true, sx: { maxWidth: 640 } };
  switch (def.input) {
    case 'money':
      return <NumberInput {...common} min={0} step={0.01} />;
    case 'int':
      return <NumberInput {...common} step={1} />;
    case 'enum':
      return <SelectInput {...common} choices={(def.values ?? []).map((v) => ({ id: v, name: `resources.settings.values.${v}` }))} />;
    case 'text':
      return <TextInput {...common} />;
    case 'currencies':
      return (
        <Box>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {help}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
            {CURRENCY_CODES.map((c) => (
              <TextInput
                key={c}
                source={`currencies.${c}`}
                label={c}
                disabled={disabled}
                helperText={false}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ))}
          </Box>
        </Box>
      );
  }
}
