import { useMarketDate } from '@/kit/market/market-date';
import { DataSourcesText } from './data-sources-text';

/** Which data serves the site, from the market clock (replay or live). Loaded by ./footer. */
export default function DataSourcesLine() {
  return <DataSourcesText mode={useMarketDate().mode} />;
}
