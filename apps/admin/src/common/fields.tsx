import { isLocale } from '@sum28/domain';
import { DateField, type DateFieldProps, NumberField, type NumberFieldProps, useLocaleState } from 'react-admin';
import { HTML_LANG } from '../i18n/i18n';

/** The BCP 47 tag of the console's current language (not the browser's), for Intl formatting. */
export function useIntlLocale(): string {
  const [locale] = useLocaleState();
  return isLocale(locale) ? HTML_LANG[locale] : HTML_LANG.tw;
}

/** A date and time (the API sends epoch ms) in the console's language. */
export function DateTimeField(props: DateFieldProps): React.ReactElement {
  return <DateField showTime locales={useIntlLocale()} emptyText="-" {...props} />;
}

/** An amount (the API sends decimal numbers with two places) in the console's language. */
export function MoneyField(props: NumberFieldProps): React.ReactElement {
  return <NumberField locales={useIntlLocale()} options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} {...props} />;
}
