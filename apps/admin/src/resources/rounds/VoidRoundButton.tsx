import BlockIcon from '@mui/icons-material/Block';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField, Typography } from '@mui/material';
import { isFinalRoundState, isRoundState } from '@sum28/domain';
import { useState } from 'react';
import { Button, HttpError, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../../api';

/**
 * Voids a round that is not settled yet: every pending stake is refunded (the engine's voidRound). A reason is
 * required; there is no way to set or edit a result. Shown to roles with `rounds.void`.
 */
export function VoidRoundButton(): React.ReactElement | null {
  const record = useRecordContext<{ id: number; state: string; issue: string }>();
  const { canAccess } = useCanAccess({ action: 'void', resource: 'rounds' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || canAccess !== true) return null;
  const voidable = isRoundState(record.state) && !isFinalRoundState(record.state);
  const submit = async (): Promise<void> => {
    if (reason.trim() === '') {
      setError(translate('resources.rounds.void.reason_required'));
      return;
    }
    setBusy(true);
    try {
      await httpClient(`${API_ROOT}/rounds/${record.id}/void`, { method: 'POST', body: JSON.stringify({ reason: reason.trim() }) });
      notify('resources.rounds.void.done', { type: 'success', messageArgs: { issue: record.issue } });
      setOpen(false);
      refresh();
    } catch (e) {
      setError(e instanceof HttpError ? e.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="resources.rounds.void.button" color="error" disabled={!voidable} onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="void-title">
        <DialogTitle id="void-title">{translate('resources.rounds.void.title', { issue: record.issue })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('resources.rounds.void.explain')}
          </Typography>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={translate('resources.rounds.void.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="resources.rounds.void.confirm" color="error" variant="contained" disabled={busy} onClick={() => void submit()} />
        </DialogActions>
      </Dialog>
    </>
  );
}
