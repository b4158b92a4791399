import {
  AddAssetPayloadSchema,
  type AddAssetPayload,
  type SearchResult,
} from '@app/shared/domain/entities/portfolio';

export type AddAssetValidation =
  | { ok: true; payload: AddAssetPayload }
  | { ok: false; error: 'selectAsset' | 'invalidShares' | 'invalidPrice' | 'invalidDate' };

export interface AddAssetFormValues {
  selected: Pick<SearchResult, 'symbol' | 'asset_type'> | null;
  shares: string;
  purchasePrice: string;
  purchaseDate: string;
  /** The latest purchase date allowed: today, or in replay the market clock's date. */
  latestDate: string;
}

/** Today as the date input writes it (the reader's calendar day). */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * docs/product.md "Screens", portfolio, with the server's own schema: an asset first, then shares greater
 * than 0; price and date are optional (empty means not given); a date is not after `latestDate` (the server
 * refuses it too: in replay a purchase must not pair with a price of another era).
 */
export function validateAddAsset(values: AddAssetFormValues): AddAssetValidation {
  if (!values.selected) return { ok: false, error: 'selectAsset' };
  const shares = values.shares.trim() === '' ? Number.NaN : Number(values.shares);
  const price = values.purchasePrice.trim() === '' ? null : Number(values.purchasePrice);
  const parsed = AddAssetPayloadSchema.safeParse({
    symbol: values.selected.symbol,
    shares,
    purchase_price: price,
    purchase_date: values.purchaseDate.trim() === '' ? null : values.purchaseDate,
    asset_type: values.selected.asset_type,
  });
  if (parsed.success) {
    const date = parsed.data.purchase_date;
    if (date && date > values.latestDate) return { ok: false, error: 'invalidDate' };
    return { ok: true, payload: parsed.data };
  }
  const field = parsed.error.issues[0]?.path[0];
  if (field === 'purchase_price') return { ok: false, error: 'invalidPrice' };
  if (field === 'purchase_date') return { ok: false, error: 'invalidDate' };
  return { ok: false, error: 'invalidShares' };
}
