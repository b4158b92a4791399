import * as z from 'zod';

/**
 * The ledger's names and enumerations the HTTP contract carries (README "The model"), apart from the
 * code that computes with them: the contract, and so every page of the sites, imports these without
 * pulling the computations' libraries (big.js, xirr, papaparse) into the signed-in shell.
 */

/** The windows returns are given for (README "Returns"). */
export const RETURN_PERIODS = ['1M', '3M', 'YTD', '1Y', 'MAX'] as const;
export const ReturnPeriodSchema = z.enum(RETURN_PERIODS);
export type ReturnPeriod = z.infer<typeof ReturnPeriodSchema>;

/** How a sell picks the cost it releases: the oldest lots first, or the pooled average (a user setting). */
export const COST_METHODS = ['FIFO', 'AVERAGE_COST'] as const;
export const CostMethodSchema = z.enum(COST_METHODS);
export type CostMethod = z.infer<typeof CostMethodSchema>;
export const DEFAULT_COST_METHOD: CostMethod = 'FIFO';

/** Where the value is (allocation.ts): a slice of a list by asset type, sector or currency. */
export const ALLOCATION_SLICE_KINDS = ['known', 'cash', 'unknown'] as const;

export const AllocationSliceSchema = z.object({
  kind: z.enum(ALLOCATION_SLICE_KINDS),
  /** The asset type, sector or currency; null for cash and unknown slices. */
  key: z.string().nullable(),
  value_base: z.number(),
  /** value_base / the total of the three lists (the same total); 0 when that total is 0. */
  share: z.number(),
});
export type AllocationSlice = z.infer<typeof AllocationSliceSchema>;

export const AllocationSchema = z.object({
  total_base: z.number(),
  by_asset_type: z.array(AllocationSliceSchema),
  by_sector: z.array(AllocationSliceSchema),
  by_currency: z.array(AllocationSliceSchema),
});
export type Allocation = z.infer<typeof AllocationSchema>;
