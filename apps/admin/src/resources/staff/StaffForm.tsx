import LockOpenIcon from '@mui/icons-material/LockOpen';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Stack } from '@mui/material';
import {
  BooleanInput,
  Button,
  Edit,
  Labeled,
  maxLength,
  minLength,
  NumberField,
  PasswordInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_USERNAME } from '@sum28/domain';
import { changedFields } from '../../common/changedFields';
import { ROLE_CHOICES } from '../../common/choices';
import { DateTimeField } from '../../common/fields';
import { CreateForm } from '../../common/forms';

/** The domain's username rule for staff, checked again by the server. */
const USERNAME = regex(STAFF_USERNAME, 'resources.staff.errors.username');
const PASSWORD = [minLength(STAFF_PASSWORD_MIN), maxLength(STAFF_PASSWORD_MAX)];

export function StaffCreate(): React.ReactElement {
  return (
    <CreateForm>
      <TextInput source="username" validate={[required(), USERNAME]} helperText="resources.staff.help.username" autoComplete="off" />
      <PasswordInput source="password" validate={[required(), ...PASSWORD]} helperText="resources.staff.help.password" autoComplete="new-password" />
      <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
    </CreateForm>
  );
}

/** A one-field PUT (unlock, second factor off) with its own confirmation message. */
function StaffAction({
  body,
  label,
  done,
  icon,
  show,
}: {
  body: Record<string, unknown>;
  label: string;
  done: string;
  icon: React.ReactElement;
  show: (r: StaffRecord) => boolean;
}): React.ReactElement | null {
  const record = useRecordContext<StaffRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || !show(record)) return null;
  return (
    <Button
      label={label}
      disabled={isPending}
      onClick={() =>
        void update(
          'staff',
          { id: record.id, data: body, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(done, { type: 'success', messageArgs: { username: record.username } });
              refresh();
            },
            onError: (e) => notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' }),
          },
        )
      }
    >
      {icon}
    </Button>
  );
}

interface StaffRecord {
  id: number;
  username: string;
  totp_enabled: boolean;
  locked_until: number | null;
  login_failures: number;
}

export function StaffEdit(): React.ReactElement {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>, o?: { previousData?: Record<string, unknown> }) => {
        const out = changedFields(data, o);
        if (out['password'] === '' || out['password'] === null) delete out['password'];
        for (const k of ['username', 'totp_enabled', 'login_failures', 'locked_until', 'created_at', 'updated_at']) delete out[k];
        return out;
      }}
      actions={
        <TopToolbar>
          <StaffAction
            body={{ unlock: true }}
            label="resources.staff.actions.unlock"
            done="resources.staff.actions.unlocked"
            icon={<LockOpenIcon />}
            show={(r) => r.locked_until !== null || r.login_failures > 0}
          />
          <StaffAction
            body={{ totp_enabled: false }}
            label="resources.staff.actions.reset_totp"
            done="resources.staff.actions.totp_reset"
            icon={<PhonelinkEraseIcon />}
            show={(r) => r.totp_enabled}
          />
        </TopToolbar>
      }
    >
      <SimpleForm>
        <Stack direction="row" spacing={4}>
          <Labeled source="username">
            <TextField source="username" />
          </Labeled>
          <Labeled source="login_failures">
            <NumberField source="login_failures" />
          </Labeled>
          <Labeled source="locked_until">
            <DateTimeField source="locked_until" />
          </Labeled>
        </Stack>
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
        <BooleanInput source="enabled" helperText="resources.staff.help.enabled" />
        <PasswordInput source="password" validate={PASSWORD} helperText="resources.staff.help.new_password" autoComplete="new-password" />
      </SimpleForm>
    </Edit>
  );
}
