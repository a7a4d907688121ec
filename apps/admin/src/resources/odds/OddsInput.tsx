import { Box, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useIntlLocale } from '../../common/fields';
import { oddsFigures, validateOddsText } from './oddsFigures';

/**
 * The odds of one play type, with its probability, fair odds and the RTP of what is typed, computed live from
 * libs/domain. Odds above fair (RTP > 100%) or not a decimal with at most 3 places are refused on screen: the form
 * does not send them (the API would answer 422 ODDS_ABOVE_FAIR anyway).
 */
export function OddsInput(): React.ReactElement {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const playType: unknown = useWatch({ name: 'play_type' });
  const odds: unknown = useWatch({ name: 'odds' });
  const f = oddsFigures(playType, odds);
  const pct = (n: number, digits: number): string => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  return (
    <Box>
      <TextInput source="odds" validate={validateOddsText} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      {f !== null && (
        <Box data-testid="odds-figures" sx={{ mb: 2 }}>
          <Typography variant="body2">{translate('resources.odds.figures.probability', { value: `${pct(f.probability * 100, 1)}%` })}</Typography>
          <Typography variant="body2">{translate('resources.odds.figures.fair', { value: pct(f.fairOdds, 3) })}</Typography>
          <Typography variant="body2" color={f.error === 'above_fair' ? 'error' : 'textPrimary'} data-testid="odds-rtp">
            {f.rtpPercent === null
              ? translate('resources.odds.figures.rtp_unknown')
              : translate('resources.odds.figures.rtp', { value: `${pct(f.rtpPercent, 2)}%` })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
