import type { Language } from '@app/shared/domain/enums';
import { CURRENCY, localeFor } from '@app/shared/domain/rules/formatting';

// Building a formatter loads locale data (tens of milliseconds the first time); each plan card needs one.
const formatters = new Map<Language, Intl.NumberFormat>();

/** Plan prices are whole dollars: "$63" in en-US, "63 $US" in fr-FR (the shared locale rule). */
export function formatPlanPrice(amount: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeFor(language), {
      style: 'currency',
      currency: CURRENCY,
      maximumFractionDigits: 0,
    });
    formatters.set(language, formatter);
  }
  return formatter.format(amount);
}
