import { WatchlistsPage } from '@/features/watchlists/components/watchlists-page';

/** /watchlists (docs/product.md "Watchlists"). */
export function WatchlistsRoute() {
  return <WatchlistsPage />;
}
