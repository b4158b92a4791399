import { isUnlimited } from '@app/shared/domain/rules/usage';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import type { Language } from '@app/shared/domain/enums';

export const INFINITY_SIGN = '∞';

/** A quota limit for display: the infinity sign for -1 (docs/product.md "Screens", recommendations). */
export function formatLimit(limit: number, language: Language): string {
  return isUnlimited(limit) ? INFINITY_SIGN : formatNumber(limit, language, 0);
}

/** A nullable metric, or an en dash when the series has no data for it. */
export function formatOptional(value: number | null | undefined, format: (value: number) => string): string {
  return value === null || value === undefined ? '–' : format(value);
}
