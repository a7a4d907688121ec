import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { API_ROOT, httpClient } from '../api';
import { readSession, writeSession } from '../session';

interface Setup {
  secret: string;
  otpauth_url: string;
}

/**
 * Two-step verification for the signed-in staff member: `POST auth/totp/setup` gives a new secret and its otpauth://
 * URI (shown once, as a QR code for the authenticator app and as text), then `POST auth/totp/enable {otp}` with a
 * current code turns it on; from then on sign-in asks for the code. Turning it off is a superadmin's reset.
 */
export default function TotpPage(): React.ReactElement {
  const translate = useTranslate();
  const [enabled, setEnabled] = useState(() => readSession()?.totp_enabled === true);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const { json } = await httpClient(`${API_ROOT}/auth/totp/setup`, {
        method: 'POST',
        body: '{}',
        headers: new Headers({ 'Content-Type': 'application/json' }),
      });
      setSetup(json as Setup);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const enable = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await httpClient(`${API_ROOT}/auth/totp/enable`, {
        method: 'POST',
        body: JSON.stringify({ otp }),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      });
      const s = readSession();
      if (s !== null) writeSession({ ...s, totp_enabled: true });
      setEnabled(true);
      setSetup(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="resources.account.totp.title" />
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('resources.account.totp.title')}
        </Typography>
        {enabled ? (
          <Alert severity="success" data-testid="totp-on">
            {translate('resources.account.totp.enabled')}
          </Alert>
        ) : setup === null ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('resources.account.totp.intro')}
            </Typography>
            <Button variant="contained" onClick={() => void start()} disabled={busy}>
              {translate('resources.account.totp.start')}
            </Button>
          </>
        ) : (
          <form onSubmit={(e) => void enable(e)} noValidate>
            <Typography variant="body2">{translate('resources.account.totp.scan')}</Typography>
            <Box sx={{ my: 2, p: 2, bgcolor: '#fff', display: 'inline-block' }}>
              <QRCodeSVG value={setup.otpauth_url} size={196} role="img" aria-label={translate('resources.account.totp.qr_label')} />
            </Box>
            <Typography variant="body2">{translate('resources.account.totp.manual')}</Typography>
            <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: 16, letterSpacing: 1, wordBreak: 'break-all' }}>
              {setup.secret}
            </Typography>
            <TextField
              id="totp-code"
              label={translate('app.login.otp')}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              helperText={translate('resources.account.totp.code_help')}
              required
              fullWidth
              margin="normal"
            />
            <Button
              type="submit"
              variant="contained"
              disabled={busy || otp.length !== 6}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate('resources.account.totp.enable')}
            </Button>
          </form>
        )}
        {error !== null && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
            {error}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
