import type { TimedNewsItem } from '../engine/catalysts/types';

export interface NewsQuery {
  /** Only items published within this many hours before their `now`. */
  hoursBack: number;
  /** Only items about this symbol (series id or ticker, case-insensitive). */
  symbol?: string;
}

/** Where catalysts come from. The offline default replays a written headline set; live adapters read EDGAR and RSS. */
export interface NewsProvider {
  readonly name: string;
  listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]>;
}
