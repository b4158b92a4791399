import type { Bar, IsoDate, SourceQuote, SymbolInfo } from '../engine/types';

/**
 * Where the app gets prices. Each provider lives in its own folder under providers/ and implements
 * this interface: the offline default replays real history (`providers/replay/`), the live one reads
 * Yahoo Finance's chart endpoint (`providers/yahoo/`). What a caller may catch is in
 * provider-errors.ts; nothing provider-specific leaves a provider's folder.
 */
export interface PriceProvider {
  /** Latest quote; with `asOf`, the quote of the last bar on or before that date. */
  getLatestQuote(symbol: string, asOf?: IsoDate): Promise<SourceQuote>;
  /** Bars with from <= date <= to, ascending. */
  getDailyBars(symbol: string, from: IsoDate, to: IsoDate): Promise<Bar[]>;
  listSymbols(): Promise<SymbolInfo[]>;
  /**
   * A symbol outside `listSymbols()` the provider may still serve (a live source: its quote fetch
   * says whether the symbol exists). Absent when the provider serves only what it lists (replay).
   */
  describeUnlisted?(symbol: string): SymbolInfo;
  /**
   * A symbol stored since `listSymbols()` was last read (an on-demand backfill), read alone; null
   * when the store has no priced series of it.
   */
  describeStored?(symbol: string): Promise<SymbolInfo | null>;
}
