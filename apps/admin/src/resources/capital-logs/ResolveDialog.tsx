import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../../api';
import { useIntlLocale } from '../../common/fields';
import { type ApprovalRecord, totalAmount } from './approval';

export type Decision = 'approve' | 'reject';

export interface ResolveOutcome {
  done: number[];
  /** records the API refused, with its (translated) message */
  failed: { id: number; message: string; status: number }[];
}

/** Calls the API's action endpoint for each record in turn (`POST /admin-api/capital-logs/:id/approve|reject {remark}`). */
export async function resolveRecords(ids: readonly number[], decision: Decision, remark: string): Promise<ResolveOutcome> {
  const out: ResolveOutcome = { done: [], failed: [] };
  for (const id of ids) {
    try {
      const body = decision === 'reject' || remark !== '' ? { remark } : {};
      await httpClient(`${API_ROOT}/capital-logs/${id}/${decision}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      });
      out.done.push(id);
    } catch (e) {
      out.failed.push({ id, message: e instanceof Error ? e.message : String(e), status: e instanceof HttpError ? e.status : 0 });
    }
  }
  return out;
}

export interface ResolveDialogProps {
  open: boolean;
  decision: Decision;
  records: readonly ApprovalRecord[];
  onClose: () => void;
  onDone: (outcome: ResolveOutcome) => void;
}

/**
 * Confirms an approval or a rejection of one or more fund records: how many, their total amount, and a remark (a
 * rejection needs its reason: the player sees it). Nothing is sent until the staff member confirms.
 */
export function ResolveDialog({ open, decision, records, onClose, onDone }: ResolveDialogProps): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const titleId = useId();
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = remark.trim();
  const missingReason = decision === 'reject' && trimmed === '';
  const total = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(totalAmount(records));

  const close = (): void => {
    if (busy) return;
    setRemark('');
    setTouched(false);
    onClose();
  };
  const confirm = async (): Promise<void> => {
    setTouched(true);
    if (missingReason) return;
    setBusy(true);
    try {
      const outcome = await resolveRecords(
        records.map((r) => r.id),
        decision,
        trimmed,
      );
      setRemark('');
      setTouched(false);
      onDone(outcome);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`resources.capital-logs.resolve.${decision}_title`, { smart_count: records.length })}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="resolve-summary">
          {translate('resources.capital-logs.resolve.summary', { smart_count: records.length, total })}
        </DialogContentText>
        <TextField
          id={`${titleId}-remark`}
          label={translate(decision === 'reject' ? 'resources.capital-logs.resolve.reason' : 'resources.capital-logs.resolve.remark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          onBlur={() => setTouched(true)}
          required={decision === 'reject'}
          error={touched && missingReason}
          helperText={
            touched && missingReason
              ? translate('resources.capital-logs.resolve.reason_required')
              : translate(`resources.capital-logs.resolve.${decision}_help`)
          }
          slotProps={{ htmlInput: { maxLength: 500 } }}
          fullWidth
          margin="normal"
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={busy || (touched && missingReason)}
          variant="contained"
          color={decision === 'reject' ? 'error' : 'primary'}
        >
          {translate(`resources.capital-logs.resolve.${decision}_confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
