import type { Language } from '@app/shared/domain/enums';
import { CURRENCY, localeFor, numberFormat } from '@app/shared/domain/rules/formatting';

/** Plan prices are whole dollars: "$63" in en-US, "63 $US" in fr-FR (the shared locale rule). */
export function formatPlanPrice(amount: number, language: Language): string {
  // One formatter per language (shared cache): building one loads locale data; each plan card needs it.
  return numberFormat(localeFor(language), {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: 0,
  }).format(amount);
}
