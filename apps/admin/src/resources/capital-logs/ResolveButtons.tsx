import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { Button, useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { type ApprovalRecord, approvalState } from './approval';
import { type Decision, ResolveDialog, type ResolveOutcome } from './ResolveDialog';

/** Tells the staff member how a resolution went: done, or the API's message (403 MAKER_CHECKER, 409 already resolved...). */
export function useReportOutcome(): (decision: Decision, o: ResolveOutcome) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return (decision, o) => {
    if (o.failed.length === 0) {
      notify(`resources.capital-logs.resolve.${decision}_done`, { type: 'success', messageArgs: { smart_count: o.done.length } });
    } else {
      const reasons = o.failed.map((f) => `#${f.id}: ${f.message}`).join('; ');
      notify(translate('resources.capital-logs.resolve.partial', { done: o.done.length, failed: o.failed.length, reasons }), { type: 'error' });
    }
  };
}

/**
 * Approve and reject for the record in context (the show page): hidden without `capital_logs.resolve`, disabled with
 * the reason when the recorded state says this staff member may not decide (the API answers 403/409 anyway).
 */
export function ResolveButtons(): React.ReactElement | null {
  const record = useRecordContext<ApprovalRecord>();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ action: 'resolve', resource: 'capital-logs' });
  const refresh = useRefresh();
  const report = useReportOutcome();
  const [decision, setDecision] = useState<Decision | null>(null);
  if (record === undefined) return null;
  const meId = typeof identity?.id === 'number' ? identity.id : null;
  const state = approvalState(record, meId);
  return (
    <Box sx={{ mb: 2 }}>
      <MakerCheckerNotice record={record} meId={meId} />
      {canAccess === true && state.approveBlock !== 'resolved' && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            label="resources.capital-logs.resolve.approve"
            variant="contained"
            disabled={state.approveBlock !== null}
            onClick={() => setDecision('approve')}
          >
            <ApproveIcon />
          </Button>
          <Button label="resources.capital-logs.resolve.reject" variant="outlined" color="error" onClick={() => setDecision('reject')}>
            <RejectIcon />
          </Button>
        </Stack>
      )}
      {state.approveBlock === 'requested_by_me' || state.approveBlock === 'first_approval_mine' ? (
        <Box component="p" sx={{ m: 0, mt: 1, fontSize: 14 }} data-testid="approve-blocked">
          {translate(`resources.capital-logs.maker_checker.${state.approveBlock}`)}
        </Box>
      ) : null}
      <ResolveDialog
        open={decision !== null}
        decision={decision ?? 'approve'}
        records={[record]}
        onClose={() => setDecision(null)}
        onDone={(o) => {
          report(decision ?? 'approve', o);
          setDecision(null);
          refresh();
        }}
      />
    </Box>
  );
}

/** The maker-checker state of a pending record: first approval recorded by whom, waiting for a second, different approver. */
export function MakerCheckerNotice({ record, meId }: { record: ApprovalRecord; meId: number | null }): React.ReactElement | null {
  const translate = useTranslate();
  const { firstApproval } = approvalState(record, meId);
  if (firstApproval === null) return null;
  return (
    <Alert severity="info" data-testid="maker-checker">
      {translate('resources.capital-logs.maker_checker.awaiting_second', { staff: firstApproval.staff_username ?? `#${firstApproval.staff_id}` })}
    </Alert>
  );
}
