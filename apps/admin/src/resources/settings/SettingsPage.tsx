import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
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
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { API_ROOT, httpClient } from '../../api';
import { CsvExportButton } from '../../common/CsvExportButton';
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

function SettingsForm(): React.ReactElement {
  const { data, isPending, error } = useListContext<{ id: string; value: unknown }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource: 'settings' });
  const [failures, setFailures] = useState<Record<string, string>>({});
  if (isPending) return <Loading />;
  if (error || !data) return <Typography color="error">{translate('ra.notification.http_error')}</Typography>;
  const initial = formValues(data);
  const onSubmit = async (values: Record<string, unknown>): Promise<void> => {
    const changes = changedSettings(initial, values);
    const failed: Record<string, string> = {};
    let saved = 0;
    for (const [id, value] of changes) {
      try {
        await httpClient(`${API_ROOT}/settings/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify({ value }) });
        saved++;
      } catch (e) {
        failed[id] = e instanceof HttpError ? e.message : translate('ra.notification.http_error');
      }
    }
    setFailures(failed);
    if (Object.keys(failed).length > 0)
      notify('resources.settings.partly_saved', { type: 'error', messageArgs: { saved, failed: Object.keys(failed).length } });
    else notify('resources.settings.saved', { type: 'success', messageArgs: { saved } });
    refresh();
  };
  return (
    <Box>
      <Title title="resources.settings.name" />
      <TopToolbar>
        <CsvExportButton />
      </TopToolbar>
      <Form defaultValues={initial} onSubmit={(v: Record<string, unknown>) => void onSubmit(v)} key={JSON.stringify(initial)}>
        <Stack spacing={2}>
          {SETTING_GROUPS.map((g) => (
            <Card key={g.group} component="section" aria-labelledby={`settings-${g.group}`}>
              <CardContent>
                <Typography variant="h6" component="h2" id={`settings-${g.group}`}>
                  {translate(`resources.settings.groups.${g.group}`)}
                </Typography>
                <Divider sx={{ mb: 2 }} />
                {g.fields.map((f) => (
                  <SettingField key={f.id} def={f} disabled={canWrite !== true} failure={failures[f.id]} />
                ))}
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

function SettingField({ def, disabled, failure }: { def: SettingFieldDef; disabled: boolean; failure: string | undefined }): React.ReactElement {
  const translate = useTranslate();
  const label = `resources.settings.keys.${def.id}.label`;
  const help = (
    <>
      {translate(`resources.settings.keys.${def.id}.help`)}
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
