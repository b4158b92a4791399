import Big from 'big.js';

/**
 * Quantities and money in the ledger are decimals (big.js), not binary floats: 0.1 + 0.2 shares
 * must equal 0.3 shares, or selling "everything" leaves dust or trips the oversell check. An
 * independent constructor keeps our precision setting from leaking into other users of big.js.
 * Results leave the ledger as plain numbers; rates and returns are floats by nature.
 */
export const Decimal = Big();
/** Decimal places kept by divisions (pro-rata cost of a partial sell); far below any currency unit. */
Decimal.DP = 28;
export type Decimal = Big.Big;

export const ZERO: Decimal = new Decimal(0);

export function decimal(value: number | string): Decimal {
  return new Decimal(value);
}

export function toNumber(value: Decimal): number {
  return value.toNumber();
}
