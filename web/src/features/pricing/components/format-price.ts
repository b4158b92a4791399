import type { Language } from '@app/shared/domain/enums';
import { CURRENCY, localeFor } from '@app/shared/domain/rules/formatting';

/** Plan prices are whole dollars: "$63" in en-US, "63 $US" in fr-FR (the shared locale rule). */
export function formatPlanPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: 0,
  }).format(amount);
}
