import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { Button, HttpError, useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../../api';

/** The API's ChainReport. */
interface ChainReport {
  ok: boolean;
  rows: number;
  brokenAt: number | null;
  reason: 'prev_hash' | 'hash' | null;
  message: string;
}

/** Walks the hash chain on the server (GET /admin-api/audit-logs/verify) and shows its verdict. */
export function VerifyChainButton(): React.ReactElement {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_ROOT}/audit-logs/verify`);
      const r = json as ChainReport;
      setResult({
        ok: r.ok,
        text: r.ok
          ? translate('resources.audit-logs.chain_ok', { rows: r.rows })
          : translate(`resources.audit-logs.chain_broken_${r.reason ?? 'hash'}`, { id: r.brokenAt ?? '-' }),
      });
    } catch (e) {
      setResult({ ok: false, text: e instanceof HttpError ? e.message : translate('ra.notification.http_error') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="resources.audit-logs.verify" onClick={() => void run()} disabled={busy}>
        <VerifiedUserIcon />
      </Button>
      {result !== null && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status" data-testid="chain-result" sx={{ py: 0 }}>
          {result.text}
        </Alert>
      )}
    </>
  );
}
