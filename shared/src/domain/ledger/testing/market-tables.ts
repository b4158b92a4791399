import type { IsoDate } from '../calendar';
import type { FxLookup, PriceLookup } from '../market-lookups';

/**
 * Test market data written as tables of changes: a value holds from its date until the next row,
 * every calendar day (so the ledger's own carry-forward rules never come into play in scenarios).
 * Before the first row there is no value.
 */
export type StepTable = ReadonlyArray<readonly [IsoDate, number]>;

function stepValue(table: StepTable | undefined, date: IsoDate): number | undefined {
  let value: number | undefined;
  for (const [from, level] of table ?? []) {
    if (from > date) break;
    value = level;
  }
  return value;
}

export function stepPrices(tables: Readonly<Record<string, StepTable>>): PriceLookup {
  return (symbol, date) => stepValue(tables[symbol], date);
}

/** Tables keyed `FROM/TO` (units of TO per FROM); the inverse pair is derived. */
export function stepRates(tables: Readonly<Record<string, StepTable>>): FxLookup {
  return (from, to, date) => {
    const direct = stepValue(tables[`${from}/${to}`], date);
    if (direct !== undefined) return direct;
    const inverse = stepValue(tables[`${to}/${from}`], date);
    return inverse === undefined ? undefined : 1 / inverse;
  };
}

export const noRates: FxLookup = () => undefined;
