import { decimal, ZERO, type Decimal } from './decimal';
import { ALLOCATION_SLICE_KINDS, type Allocation, type AllocationSlice } from './ledger-vocabulary';

/**
 * Where the portfolio's money is on the valuation day, three ways: by asset type, by sector and by
 * currency (README "Allocation"). Values are the valuation's, in the base currency at that day's
 * rates; what each symbol is comes from the data layer (`describe`). A symbol the data does not
 * describe, or a listing without a sector, is an `unknown` slice: never guessed. Cash (a ledger with
 * DEPOSIT or WITHDRAWAL rows) is its own `cash` slice by type and by sector, and counts in its own
 * currency, so each of the three adds up to the same total.
 */

export {
  ALLOCATION_SLICE_KINDS,
  AllocationSchema,
  AllocationSliceSchema,
  type Allocation,
  type AllocationSlice,
} from './ledger-vocabulary';

export interface AllocatedPosition {
  symbol: string;
  currency: string | null;
  value_base: number;
}

export interface AllocatedCash {
  currency: string;
  value_base: number;
}

/** What the data layer knows of a symbol; null when it knows nothing of it. */
export type DescribeInstrument = (symbol: string) => { asset_type: string; sector: string | null } | null;

type SliceKey = { kind: AllocationSlice['kind']; key: string | null };

class SliceTotals {
  private readonly totals = new Map<string, { slice: SliceKey; value: Decimal }>();

  add(slice: SliceKey, value: number): void {
    const id = `${slice.kind}:${slice.key ?? ''}`;
    const entry = this.totals.get(id) ?? { slice, value: ZERO };
    entry.value = entry.value.plus(decimal(value));
    this.totals.set(id, entry);
  }

  /** Largest first; equal values by kind (known, cash, unknown) then key, so the order is stable. */
  slices(total: Decimal): AllocationSlice[] {
    const kindOrder = (kind: AllocationSlice['kind']) => ALLOCATION_SLICE_KINDS.indexOf(kind);
    return [...this.totals.values()]
      .sort(
        (a, b) =>
          b.value.cmp(a.value) ||
          kindOrder(a.slice.kind) - kindOrder(b.slice.kind) ||
          (a.slice.key ?? '').localeCompare(b.slice.key ?? ''),
      )
      .map(({ slice, value }) => ({
        ...slice,
        value_base: value.toNumber(),
        share: total.eq(ZERO) ? 0 : value.div(total).toNumber(),
      }));
  }
}

/** Positions worth nothing (sold out) are left out; everything else is counted once in each list. */
export function allocatePortfolio(
  positions: readonly AllocatedPosition[],
  cash: readonly AllocatedCash[],
  describe: DescribeInstrument,
): Allocation {
  const byType = new SliceTotals();
  const bySector = new SliceTotals();
  const byCurrency = new SliceTotals();
  let total = ZERO;
  for (const position of positions) {
    if (position.value_base === 0) continue;
    const known = describe(position.symbol);
    byType.add(
      known ? { kind: 'known', key: known.asset_type } : { kind: 'unknown', key: null },
      position.value_base,
    );
    bySector.add(
      known?.sector ? { kind: 'known', key: known.sector } : { kind: 'unknown', key: null },
      position.value_base,
    );
    byCurrency.add(
      position.currency ? { kind: 'known', key: position.currency } : { kind: 'unknown', key: null },
      position.value_base,
    );
    total = total.plus(decimal(position.value_base));
  }
  for (const balance of cash) {
    if (balance.value_base === 0) continue;
    byType.add({ kind: 'cash', key: null }, balance.value_base);
    bySector.add({ kind: 'cash', key: null }, balance.value_base);
    byCurrency.add({ kind: 'known', key: balance.currency }, balance.value_base);
    total = total.plus(decimal(balance.value_base));
  }
  return {
    total_base: total.toNumber(),
    by_asset_type: byType.slices(total),
    by_sector: bySector.slices(total),
    by_currency: byCurrency.slices(total),
  };
}
