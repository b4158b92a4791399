/**
 * The replayed symbols the test stack stores (REPLAY_SYMBOLS, set in vitest.config.ts): the index,
 * Bitcoin, the six FX pairs and the stocks and funds the suites use. `npm start` stores all 570;
 * the other stocks the suites name (MSFT, KO, JPM...) stay listings with an undated snapshot price
 * here, the path every listing outside the replay takes.
 */
export const FX_PAIRS = ['AUDUSD=X', 'EURUSD=X', 'GBPUSD=X', 'USDCAD=X', 'USDCHF=X', 'USDJPY=X'] as const;

export const TEST_REPLAY_SYMBOLS = [
  '^GSPC',
  'BTC-USD',
  ...FX_PAIRS,
  // A stock, the S&P 500's fund, gold, bonds (the dashboard's columns and the demo portfolio).
  ...['AAPL', 'FB', 'SPY', 'GLD', 'IAU', 'TLT', 'AGG'],
  // First traded 2017-04-04: no data on the suites' market date (2017-01-01).
  'DXC',
] as const;
