import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError, LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import { TotpRequiredError } from '../authProvider';

type Step = 'password' | 'otp';

/**
 * Staff sign-in: username and password; when the account has TOTP on, the API answers TOTP_REQUIRED and the page
 * asks for the 6-digit code (same username and password sent again with `otp`). Errors are the API's translated
 * messages (wrong password, locked out for N minutes, disabled account, invalid code).
 */
export function LoginPage(): React.ReactElement {
  const translate = useTranslate();
  const login = useLogin();
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Repeated failures: the API answers 429 SIGN_IN_THROTTLED with the seconds to wait; the form stays closed until then.
  const [lockedFor, setLockedFor] = useState(0);
  useEffect(() => {
    if (lockedFor <= 0) return undefined;
    const t = setTimeout(() => setLockedFor((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [lockedFor]);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(step === 'otp' ? { username, password, otp } : { username, password });
    } catch (err) {
      if (err instanceof TotpRequiredError) {
        setStep('otp');
      } else {
        setError(err instanceof Error && err.message !== '' ? err.message : translate('ra.auth.sign_in_error'));
        setLockedFor(throttledSeconds(err));
      }
    } finally {
      setBusy(false);
    }
  };
  const back = (): void => {
    setStep('password');
    setOtp('');
    setError(null);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: 360, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography component="h1" variant="h5">
              {translate('app.login.title')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          <form onSubmit={(e) => void submit(e)} noValidate>
            {step === 'password' ? (
              <>
                <TextField
                  id="username"
                  label={translate('ra.auth.username')}
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoComplete="username"
                  autoFocus
                  required
                  fullWidth
                  margin="normal"
                />
                <TextField
                  id="password"
                  type="password"
                  label={translate('ra.auth.password')}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="current-password"
                  required
                  fullWidth
                  margin="normal"
                />
              </>
            ) : (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {translate('app.login.otp_help')}
                </Typography>
                <TextField
                  id="otp"
                  label={translate('app.login.otp')}
                  value={otp}
                  onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
                  autoFocus
                  required
                  fullWidth
                  margin="normal"
                />
              </>
            )}
            {error !== null && (
              <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                {error}
              </Typography>
            )}
            {lockedFor > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="lockout">
                {translate('resources.account.lockout.wait', { seconds: lockedFor })}
              </Typography>
            )}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              sx={{ mt: 2 }}
              disabled={busy || lockedFor > 0 || username === '' || password === '' || (step === 'otp' && otp.length !== 6)}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate(step === 'otp' ? 'app.login.verify' : 'ra.auth.sign_in')}
            </Button>
            {step === 'otp' && (
              <Button fullWidth sx={{ mt: 1 }} onClick={back}>
                {translate('ra.action.back')}
              </Button>
            )}
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The seconds a 429 SIGN_IN_THROTTLED asks to wait (0 for any other error). */
export function throttledSeconds(err: unknown): number {
  if (!(err instanceof HttpError) || err.status !== 429) return 0;
  const seconds = (err.body as { params?: { seconds?: unknown } } | undefined)?.params?.seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}
