import GiftIcon from '@mui/icons-material/CardGiftcard';
import FreezeIcon from '@mui/icons-material/AcUnit';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/Mail';
import UnfreezeIcon from '@mui/icons-material/LockOpen';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { Button, HttpError, TopToolbar, useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../../api';
import { useIntlLocale } from '../../common/fields';

interface ResetRequest {
  requested_by: number;
  requested_by_username: string;
  requested_at: number;
  expires_at: number;
}

interface PlayerRecord {
  id: number;
  username: string;
  status: string;
  reset_request?: ResetRequest | null;
}

type ResetAnswer = { temporary_password: string; sessions_revoked: number } | { pending: ResetRequest };

async function post(path: string, body: unknown): Promise<unknown> {
  const { json } = await httpClient(`${API_ROOT}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  });
  return json;
}

interface FieldSpec {
  name: string;
  label: string;
  required: boolean;
  multiline?: boolean;
  inputMode?: 'decimal';
  max: number;
}

/**
 * A small form in a dialog: labelled fields (required ones must be filled before anything is sent), the API's message
 * on refusal (403, 409, 422...), and nothing changes until it answers 200.
 */
function ActionDialog(props: {
  open: boolean;
  title: string;
  intro?: string;
  fields: FieldSpec[];
  confirm: string;
  onClose: () => void;
  onSubmit: (values: Record<string, string>) => Promise<void>;
}): React.ReactElement {
  const translate = useTranslate();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = props.fields.some((f) => f.required && (values[f.name] ?? '').trim() === '');
  const close = (): void => {
    if (busy) return;
    setValues({});
    setTouched(false);
    setError(null);
    props.onClose();
  };
  const submit = async (): Promise<void> => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
      setValues({});
      setTouched(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{props.title}</DialogTitle>
      <DialogContent>
        {props.intro !== undefined && <DialogContentText>{props.intro}</DialogContentText>}
        {props.fields.map((f, i) => {
          const empty = f.required && (values[f.name] ?? '').trim() === '';
          return (
            <TextField
              key={f.name}
              id={`${id}-${f.name}`}
              label={f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              required={f.required}
              error={touched && empty}
              helperText={touched && empty ? translate('ra.validation.required') : ' '}
              multiline={f.multiline}
              minRows={f.multiline === true ? 3 : undefined}
              slotProps={{ htmlInput: { maxLength: f.max, ...(f.inputMode ? { inputMode: f.inputMode } : {}) } }}
              autoFocus={i === 0}
              fullWidth
              margin="dense"
            />
          );
        })}
        {error !== null && (
          <Typography role="alert" color="error" variant="body2">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={() => void submit()} disabled={busy} variant="contained">
          {props.confirm}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** A retry-safe key for the gift request (crypto.randomUUID needs a secure context; without it the request goes without). */
function idempotencyKey(): { idempotency_key?: string } {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? { idempotency_key: crypto.randomUUID() } : {};
}

type Open = 'reset' | 'freeze' | 'message' | 'gift' | null;
type Temporary = { password: string; sessions: number };

/** The temporary password of a reset, shown once to whoever completed it (the approver, for a player without a security code). */
function TemporaryPasswordDialog({ temporary, onDone }: { temporary: Temporary | null; onDone: () => void }): React.ReactElement {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>): string => translate(`resources.support.${k}`, o);
  return (
    <Dialog open={temporary !== null} aria-labelledby="reset-result-title" fullWidth maxWidth="sm">
      <DialogTitle id="reset-result-title">{t('reset.result_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('reset.shown_once')}
        </Alert>
        <Typography variant="body2">{t('reset.temporary')}</Typography>
        <Typography
          component="code"
          data-testid="temporary-password"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: 20, my: 1, userSelect: 'all' }}
        >
          {temporary?.password}
        </Typography>
        <Typography variant="body2">{t('reset.next_steps', { smart_count: temporary?.sessions ?? 0 })}</Typography>
      </DialogContent>
      <DialogActions>
        <MuiButton variant="contained" onClick={onDone}>
          {t('reset.done')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A password reset waiting for a second staff member (the player has no security code): who asked and when, with
 * approve (another member who may reset: the temporary password is then shown to them only) and cancel.
 */
export function ResetRequestNotice(): React.ReactElement | null {
  const record = useRecordContext<PlayerRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const intlLocale = useIntlLocale();
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'reset_password' });
  const [busy, setBusy] = useState(false);
  const [temporary, setTemporary] = useState<Temporary | null>(null);
  const pending = record?.reset_request ?? null;
  if (record === undefined || (pending === null && temporary === null)) return null;
  const t = (k: string, o?: Record<string, unknown>): string => translate(`resources.support.${k}`, o);
  const own = pending !== null && identity?.id === pending.requested_by;
  const act = async (verb: 'approve' | 'cancel'): Promise<void> => {
    setBusy(true);
    try {
      const answer = await post(`/users/${record.id}/reset-password/${verb}`, {});
      if (verb === 'approve') {
        const a = answer as { temporary_password: string; sessions_revoked: number };
        setTemporary({ password: a.temporary_password, sessions: a.sessions_revoked });
      } else {
        notify('resources.support.reset.cancelled', { type: 'success' });
      }
    } catch (e) {
      notify(e instanceof HttpError ? e.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <>
      {pending !== null && (
        <Alert
          severity="warning"
          role="status"
          data-testid="reset-request"
          sx={{ mb: 2 }}
          action={
            canAccess === true && (
              <Stack direction="row" spacing={1}>
                {!own && (
                  <MuiButton size="small" variant="contained" disabled={busy} onClick={() => void act('approve')}>
                    {t('reset.approve')}
                  </MuiButton>
                )}
                <MuiButton size="small" color="inherit" disabled={busy} onClick={() => void act('cancel')}>
                  {t('reset.cancel_request')}
                </MuiButton>
              </Stack>
            )
          }
        >
          {t('reset.pending', {
            staff: pending.requested_by_username || `#${pending.requested_by}`,
            time: new Date(pending.requested_at).toLocaleString(intlLocale),
            expires: new Date(pending.expires_at).toLocaleString(intlLocale),
          })}
          {own && (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {t('reset.own_request')}
            </Typography>
          )}
        </Alert>
      )}
      <TemporaryPasswordDialog temporary={temporary} onDone={() => setTemporary(null)} />
    </>
  );
}

function Guarded({ resource, action, children }: { resource: string; action: string; children: ReactNode }): React.ReactElement | null {
  const { canAccess } = useCanAccess({ resource, action });
  return canAccess === true ? <>{children}</> : null;
}

/**
 * The player's actions, each shown only to roles that hold its permission (the API answers 403 anyway): reset password
 * (support), freeze / unfreeze with a reason (support, operator), in-site message (`POST users/:id/message`: a notice of kind
 * `message` to this player, permission `users.message`, so support need not hold `notices.write`),
 * gift request (finance; approved by a different member in capital logs).
 */
export function UserActions(): React.ReactElement | null {
  const record = useRecordContext<PlayerRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open>(null);
  const [temporary, setTemporary] = useState<Temporary | null>(null);
  if (record === undefined) return null;
  const t = (k: string, o?: Record<string, unknown>): string => translate(`resources.support.${k}`, o);
  const frozen = record.status === 'frozen';
  return (
    <TopToolbar>
      <Guarded resource="users" action="reset_password">
        <Button label="resources.support.reset.button" onClick={() => setOpen('reset')}>
          <KeyIcon />
        </Button>
      </Guarded>
      <Guarded resource="users" action="freeze">
        <Button label={frozen ? 'resources.support.freeze.unfreeze' : 'resources.support.freeze.freeze'} onClick={() => setOpen('freeze')}>
          {frozen ? <UnfreezeIcon /> : <FreezeIcon />}
        </Button>
      </Guarded>
      <Guarded resource="users" action="message">
        <Button label="resources.support.message.button" onClick={() => setOpen('message')}>
          <MailIcon />
        </Button>
      </Guarded>
      <Guarded resource="users" action="gift">
        <Button label="resources.support.gift.button" onClick={() => setOpen('gift')}>
          <GiftIcon />
        </Button>
      </Guarded>

      <ActionDialog
        open={open === 'reset'}
        title={t('reset.title', { username: record.username })}
        intro={t('reset.intro')}
        fields={[{ name: 'reason', label: t('reason_optional'), required: false, max: 200 }]}
        confirm={t('reset.confirm')}
        onClose={() => setOpen(null)}
        onSubmit={async (v) => {
          const a = (await post(`/users/${record.id}/reset-password`, v['reason'] ? { reason: v['reason'] } : {})) as ResetAnswer;
          setOpen(null);
          if ('pending' in a) notify('resources.support.reset.requested', { type: 'info' });
          else setTemporary({ password: a.temporary_password, sessions: a.sessions_revoked });
          refresh();
        }}
      />
      <TemporaryPasswordDialog temporary={temporary} onDone={() => setTemporary(null)} />

      <ActionDialog
        open={open === 'freeze'}
        title={t(frozen ? 'freeze.unfreeze_title' : 'freeze.freeze_title', { username: record.username })}
        intro={t(frozen ? 'freeze.unfreeze_intro' : 'freeze.freeze_intro')}
        fields={[{ name: 'reason', label: t('reason'), required: true, max: 200 }]}
        confirm={t(frozen ? 'freeze.unfreeze' : 'freeze.freeze')}
        onClose={() => setOpen(null)}
        onSubmit={async (v) => {
          await post(`/users/${record.id}/${frozen ? 'unfreeze' : 'freeze'}`, { reason: v['reason'] });
          setOpen(null);
          notify(frozen ? 'resources.support.freeze.unfrozen' : 'resources.support.freeze.frozen', { type: 'success' });
          refresh();
        }}
      />
      <ActionDialog
        open={open === 'message'}
        title={t('message.title', { username: record.username })}
        fields={[
          { name: 'title', label: t('message.subject'), required: true, max: 200 },
          { name: 'content', label: t('message.content'), required: true, multiline: true, max: 20000 },
        ]}
        confirm={t('message.send')}
        onClose={() => setOpen(null)}
        onSubmit={async (v) => {
          await post(`/users/${record.id}/message`, { title: v['title'], content: v['content'] });
          setOpen(null);
          notify('resources.support.message.sent', { type: 'success' });
        }}
      />
      <ActionDialog
        open={open === 'gift'}
        title={t('gift.title', { username: record.username })}
        intro={t('gift.intro')}
        fields={[
          { name: 'amount', label: t('gift.amount'), required: true, inputMode: 'decimal', max: 20 },
          { name: 'reason', label: t('reason'), required: true, max: 200 },
        ]}
        confirm={t('gift.confirm')}
        onClose={() => setOpen(null)}
        onSubmit={async (v) => {
          const a = (await post(`/users/${record.id}/gift`, { amount: v['amount'], reason: v['reason'], ...idempotencyKey() })) as {
            gift: { capital_log_id: number };
          };
          setOpen(null);
          notify('resources.support.gift.requested', { type: 'success', messageArgs: { id: a.gift.capital_log_id } });
          refresh();
        }}
      />
    </TopToolbar>
  );
}
