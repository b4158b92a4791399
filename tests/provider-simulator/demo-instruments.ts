import { addDays } from './generated-series';
import type { SimulatedInstrument } from './instruments';

/*
 * The instruments of the live watched list (functions/src/config.ts WATCHED_SYMBOLS) and one of each
 * kind, for running the whole stack against the simulator. Their prices are generated test data: the
 * names say so, so nothing on a screen can pass them for market prices.
 */

const start = addDays(new Date().toISOString().slice(0, 10), -800);
const label = (name: string) => `${name} (simulated test data)`;

export const DEMO_INSTRUMENTS: SimulatedInstrument[] = [
  { symbol: '^GSPC', kind: 'index', name: label('S&P 500'), start, startPrice: 4000 },
  { symbol: '^DJI', kind: 'index', name: label('Dow Jones Industrial Average'), start, startPrice: 33000 },
  { symbol: '^IXIC', kind: 'index', name: label('NASDAQ Composite'), start, startPrice: 12000 },
  { symbol: '^STOXX50E', kind: 'index', name: label('EURO STOXX 50'), start, startPrice: 4300 },
  { symbol: '^FCHI', kind: 'index', name: label('CAC 40'), start, startPrice: 7200 },
  { symbol: '^IBEX', kind: 'index', name: label('IBEX 35'), start, startPrice: 9500 },
  { symbol: 'AAPL', kind: 'equity', name: label('Apple Inc.'), start, startPrice: 150, cik: '320193' },
  {
    symbol: 'MSFT',
    kind: 'equity',
    name: label('Microsoft Corporation'),
    start,
    startPrice: 300,
    cik: '789019',
  },
  { symbol: 'GOOGL', kind: 'equity', name: label('Alphabet Inc.'), start, startPrice: 120, cik: '1652044' },
  { symbol: 'AMZN', kind: 'equity', name: label('Amazon.com, Inc.'), start, startPrice: 130, cik: '1018724' },
  {
    symbol: 'NVDA',
    kind: 'equity',
    name: label('NVIDIA Corporation'),
    start,
    startPrice: 400,
    cik: '1045810',
  },
  {
    symbol: 'META',
    kind: 'equity',
    name: label('Meta Platforms, Inc.'),
    start,
    startPrice: 250,
    cik: '1326801',
  },
  {
    symbol: 'JPM',
    kind: 'equity',
    name: label('JPMorgan Chase & Co.'),
    start,
    startPrice: 140,
    cik: '19617',
  },
  { symbol: 'TSLA', kind: 'equity', name: label('Tesla, Inc.'), start, startPrice: 200, cik: '1318605' },
  { symbol: 'SPY', kind: 'etf', name: label('SPDR S&P 500 ETF Trust'), start, startPrice: 400 },
  {
    symbol: 'BTC-USD',
    kind: 'crypto',
    name: label('Bitcoin USD'),
    start,
    startPrice: 30000,
    coinId: 'bitcoin',
  },
  {
    symbol: 'ETH-USD',
    kind: 'crypto',
    name: label('Ethereum USD'),
    start,
    startPrice: 2000,
    coinId: 'ethereum',
  },
  {
    symbol: 'SOL-USD',
    kind: 'crypto',
    name: label('Solana USD'),
    start,
    startPrice: 60,
    coinId: 'solana',
    notOnYahoo: true,
  },
  { symbol: 'GC=F', kind: 'future', name: label('Gold futures'), start, startPrice: 1900 },
  { symbol: 'SI=F', kind: 'future', name: label('Silver futures'), start, startPrice: 23 },
  { symbol: 'CL=F', kind: 'future', name: label('Crude oil futures'), start, startPrice: 75 },
  { symbol: 'EURUSD=X', kind: 'fx', name: label('EUR/USD'), start, startPrice: 1.08 },
];
