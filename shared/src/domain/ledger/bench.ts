import { addDays, dateFromEpochDay, epochDay, type IsoDate } from './calendar';
import { valueDaily } from './daily-valuation';
import { valuePortfolio } from './holdings';
import type { FxLookup, PriceLookup } from './market-lookups';
import { analysePortfolio } from './portfolio-analysis';
import { TransactionDraftSchema, type Transaction, type TransactionDraftInput } from './transaction';

/**
 * Micro-benchmark of the ledger for `npm run bench` (not a test): a portfolio of 50 holdings and
 * 500 transactions valued every day over 5 years, the work behind one "portfolio and performance"
 * request: holdings on the last day, the daily valuation, TWR and XIRR for every period and the
 * benchmark comparison. Prices and rates are a deterministic random walk (a seeded generator):
 * they only give the code realistic work (weekends without closes, two currencies, splits,
 * dividends); they are never shown as market data.
 */
export interface LedgerBenchOptions {
  holdings?: number;
  transactions?: number;
  years?: number;
  runs?: number;
  /** Untimed runs first, so the figures measure JIT-compiled code as in a warm Lambda. */
  warmUpRuns?: number;
}

export interface TimingSummary {
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
}

export interface LedgerBenchFigures {
  holdings: number;
  transactions: number;
  days_valued: number;
  runs: number;
  /** `analysePortfolio`: holdings, the daily valuation, 5 periods of TWR and XIRR, the benchmark. */
  total: TimingSummary;
  /** `valuePortfolio` alone (the holdings screen). */
  holdings_valuation: TimingSummary;
  /** `valueDaily` alone (the value chart). */
  daily_valuation: TimingSummary;
  inputs_description: string;
}

/** mulberry32: a small seeded generator, so every run values the same portfolio. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isWeekend = (day: number): boolean => {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday (4).
  return weekday === 0 || weekday === 6;
};

interface BenchMarket {
  prices: PriceLookup;
  fx: FxLookup;
  index: (date: IsoDate) => number | undefined;
  transactions: Transaction[];
  start: IsoDate;
  end: IsoDate;
}

export function buildBenchMarket(holdingCount: number, transactionCount: number, years: number): BenchMarket {
  const random = seededRandom(24);
  const start = '2015-01-05';
  const firstDay = epochDay(start);
  const lastDay = firstDay + Math.round(years * 365.25) - 1;
  const symbols = Array.from({ length: holdingCount }, (_, index) => `S${String(index).padStart(2, '0')}`);
  const currencyOf = (symbol: string): string => (Number(symbol.slice(1)) % 2 === 0 ? 'USD' : 'EUR');
  const closes = new Map<string, Map<IsoDate, number>>();
  const rates = new Map<IsoDate, number>();
  const index = new Map<IsoDate, number>();
  const walk = new Map(symbols.map((symbol) => [symbol, 20 + random() * 180]));
  let rate = 0.9;
  let level = 2000;
  for (let day = firstDay; day <= lastDay; day += 1) {
    if (isWeekend(day)) continue;
    const date = dateFromEpochDay(day);
    for (const symbol of symbols) {
      const next = (walk.get(symbol) ?? 100) * Math.exp((random() - 0.5) * 0.04);
      walk.set(symbol, next);
      const table = closes.get(symbol) ?? new Map<IsoDate, number>();
      table.set(date, Math.round(next * 100) / 100);
      closes.set(symbol, table);
    }
    rate *= Math.exp((random() - 0.5) * 0.01);
    level *= Math.exp((random() - 0.5) * 0.02);
    rates.set(date, rate);
    index.set(date, level);
  }
  const fx: FxLookup = (from, to, date) => {
    if (from === 'USD' && to === 'EUR') return rates.get(date);
    if (from === 'EUR' && to === 'USD') {
      const usdToEur = rates.get(date);
      return usdToEur === undefined ? undefined : 1 / usdToEur;
    }
    return undefined;
  };
  const tradingDay = (day: number): IsoDate => {
    let candidate = day;
    while (isWeekend(candidate)) candidate += 1;
    return dateFromEpochDay(Math.min(candidate, lastDay));
  };
  // Splits are drawn with the transactions; closes and trade prices from a split's day on are
  // divided by it, as traded (the ledger's SPLIT rows then keep value and cost whole).
  const splitDivisor = new Map<string, number>();
  const splitDates = new Map<string, Array<[number, number]>>();
  const rawClose = (symbol: string, date: IsoDate): number =>
    closes.get(symbol)?.get(date) ?? closes.get(symbol)?.get(addDays(date, -1)) ?? 100;
  const tradePrice = (symbol: string, date: IsoDate): number =>
    Math.round((rawClose(symbol, date) / (splitDivisor.get(symbol) ?? 1)) * 100) / 100;

  const held = new Map<string, number>();
  const rows: TransactionDraftInput[] = symbols.map((symbol, position) => {
    const date = tradingDay(firstDay + position);
    held.set(symbol, 100);
    return {
      type: 'BUY',
      date,
      symbol,
      quantity: 100,
      price: tradePrice(symbol, date),
      fee: 1,
      currency: currencyOf(symbol),
    };
  });
  const span = lastDay - firstDay - holdingCount;
  for (let count = rows.length; count < transactionCount; count += 1) {
    const date = tradingDay(
      firstDay +
        holdingCount +
        Math.floor((span * (count - holdingCount)) / (transactionCount - holdingCount)),
    );
    const symbol = symbols[Math.floor(random() * symbols.length)] ?? 'S00';
    const quantity = held.get(symbol) ?? 0;
    const currency = currencyOf(symbol);
    const draw = random();
    if (draw < 0.25 && quantity >= 2) {
      const sold = Math.max(1, Math.floor(quantity * random() * 0.5));
      held.set(symbol, quantity - sold);
      rows.push({
        type: 'SELL',
        date,
        symbol,
        quantity: sold,
        price: tradePrice(symbol, date),
        fee: 1,
        currency,
      });
    } else if (draw < 0.35 && quantity > 0) {
      rows.push({ type: 'DIVIDEND', date, symbol, quantity, price: 0.5, fee: 0.07, currency });
    } else if (draw < 0.37) {
      rows.push({ type: 'FEE', date, amount: 2.5, currency: 'EUR' });
    } else if (draw < 0.38 && quantity > 0) {
      held.set(symbol, quantity * 2);
      splitDivisor.set(symbol, (splitDivisor.get(symbol) ?? 1) * 2);
      splitDates.set(symbol, [...(splitDates.get(symbol) ?? []), [epochDay(date), 2]]);
      rows.push({ type: 'SPLIT', date, symbol, new_shares: 2, old_shares: 1 });
    } else {
      const bought = 1 + Math.floor(random() * 50);
      held.set(symbol, quantity + bought);
      rows.push({
        type: 'BUY',
        date,
        symbol,
        quantity: bought,
        price: tradePrice(symbol, date),
        fee: 1,
        currency,
      });
    }
  }
  for (const [symbol, splits] of splitDates) {
    for (const [date, close] of closes.get(symbol) ?? []) {
      const divisor = splits.reduce(
        (product, [day, ratio]) => (epochDay(date) >= day ? product * ratio : product),
        1,
      );
      closes.get(symbol)?.set(date, close / divisor);
    }
  }
  const asTraded: PriceLookup = (symbol, date) => closes.get(symbol)?.get(date);
  return {
    prices: asTraded,
    fx,
    index: (date) => index.get(date),
    transactions: rows.map((row) => TransactionDraftSchema.parse(row)),
    start,
    end: dateFromEpochDay(lastDay),
  };
}

function summarise(samples: readonly number[]): TimingSummary {
  const sorted = [...samples].sort((left, right) => left - right);
  const at = (quantile: number): number =>
    sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  const round = (value: number): number => Math.round(value * 100) / 100;
  return {
    p50_ms: round(at(0.5)),
    p99_ms: round(at(0.99)),
    mean_ms: round(sorted.reduce((total, value) => total + value, 0) / Math.max(1, sorted.length)),
    max_ms: round(sorted.at(-1) ?? 0),
  };
}

export function runLedgerBench(options: LedgerBenchOptions = {}): LedgerBenchFigures {
  const holdingCount = options.holdings ?? 50;
  const transactionCount = options.transactions ?? 500;
  const runs = options.runs ?? 30;
  const warmUpRuns = options.warmUpRuns ?? 3;
  const market = buildBenchMarket(holdingCount, transactionCount, options.years ?? 5);
  const settings = {
    baseCurrency: 'EUR' as const,
    costMethod: 'FIFO' as const,
    fx: market.fx,
    prices: market.prices,
  };
  const timings = { total: [] as number[], holdings: [] as number[], daily: [] as number[] };
  let daysValued = 0;
  for (let run = 0; run < warmUpRuns + runs; run += 1) {
    const started = performance.now();
    const analysis = analysePortfolio(market.transactions, {
      ...settings,
      date: market.end,
      benchmark: { index: market.index },
    });
    const analysed = performance.now();
    valuePortfolio(market.transactions, { ...settings, date: market.end });
    const holdingsDone = performance.now();
    valueDaily(market.transactions, { ...settings, to: market.end });
    const dailyDone = performance.now();
    daysValued = analysis.daily.days.length;
    if (run < warmUpRuns) continue;
    timings.total.push(analysed - started);
    timings.holdings.push(holdingsDone - analysed);
    timings.daily.push(dailyDone - holdingsDone);
  }
  return {
    holdings: holdingCount,
    transactions: market.transactions.length,
    days_valued: daysValued,
    runs,
    total: summarise(timings.total),
    holdings_valuation: summarise(timings.holdings),
    daily_valuation: summarise(timings.daily),
    inputs_description:
      `${holdingCount} holdings (half USD, half EUR; base EUR), ${market.transactions.length} transactions ` +
      `(buys, sells, dividends, fees, 2-for-1 splits) from ${market.start} to ${market.end}, ` +
      'seeded random-walk closes on weekdays only, looked up in maps',
  };
}
