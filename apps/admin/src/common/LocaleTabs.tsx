import { Box, Tab, Tabs } from '@mui/material';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@sum28/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { required, TextInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { HTML_LANG } from '../i18n/i18n';

/** The languages in the order a form shows them: tw (the row's own text, required) first. */
export const FORM_LOCALES: readonly Locale[] = [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)];

/** The source of a per-locale field: tw is the row's own field (`title`), another language its entry (`titles.en`). */
export function localeSource(field: string, many: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? field : `${many}.${locale}`;
}

/**
 * Per-locale fields, one tab per language: tw first (required: the row's own title / content, what every language
 * without its own text shows), then the others (optional). Every tab stays mounted, so switching keeps what was typed;
 * a refused save with a tw field in error brings the tw tab back.
 */
export function LocaleTabs({ fields, children }: { fields: readonly string[]; children: (locale: Locale) => ReactNode }): React.ReactElement {
  const translate = useTranslate();
  const [tab, setTab] = useState<Locale>(DEFAULT_LOCALE);
  const { errors, submitCount } = useFormState();
  const twInError = fields.some((f) => errors[f] !== undefined);
  useEffect(() => {
    if (submitCount > 0 && twInError) setTab(DEFAULT_LOCALE);
  }, [submitCount, twInError]);
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={tab} onChange={(_e, v: Locale) => setTab(v)} aria-label={translate('app.content_locales.label')} variant="scrollable">
        {FORM_LOCALES.map((l) => (
          <Tab
            key={l}
            value={l}
            label={translate(`app.content_locales.${l}`)}
            id={`locale-tab-${l}`}
            aria-controls={`locale-panel-${l}`}
            sx={{ textTransform: 'none', ...(l === DEFAULT_LOCALE && twInError ? { color: 'error.main' } : {}) }}
          />
        ))}
      </Tabs>
      {FORM_LOCALES.map((l) => (
        <Box key={l} role="tabpanel" id={`locale-panel-${l}`} aria-labelledby={`locale-tab-${l}`} hidden={tab !== l} sx={{ pt: 2 }}>
          {children(l)}
        </Box>
      ))}
    </Box>
  );
}

/** The title of one language's tab (`title` for tw, required; `titles.<l>` otherwise, empty shows the tw text). */
export function LocaleTitleInput({ locale }: { locale: Locale }): React.ReactElement {
  const translate = useTranslate();
  const tw = locale === DEFAULT_LOCALE;
  return (
    <TextInput
      source={localeSource('title', 'titles', locale)}
      label={translate('app.content_locales.title', { lang: translate(`app.content_locales.${locale}`) })}
      validate={tw ? required() : undefined}
      helperText={tw ? 'app.content_locales.tw_help' : 'app.content_locales.fallback'}
      fullWidth
    />
  );
}

/**
 * A content title in the console's language when the record has one (`titles`), else its own (tw) title, marked
 * with the language it is in.
 */
export function LocalisedTitleField(): React.ReactElement | null {
  const record = useRecordContext<{ title?: string; titles?: Partial<Record<string, string>> }>();
  const [locale] = useLocaleState();
  if (!record) return null;
  const own = isLocale(locale) && locale !== DEFAULT_LOCALE ? record.titles?.[locale] : undefined;
  const shown: Locale = own !== undefined && own !== '' && isLocale(locale) ? locale : DEFAULT_LOCALE;
  return <span lang={HTML_LANG[shown]}>{shown === DEFAULT_LOCALE ? (record.title ?? '') : own}</span>;
}
