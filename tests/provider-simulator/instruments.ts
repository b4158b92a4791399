import {
  addDays,
  generateBars,
  marketDate,
  sessionBounds,
  type SimulatedBar,
  type SimulatedKind,
} from './generated-series';

/*
 * What the simulator serves: instruments with a generated daily series, as of the simulator's clock.
 * A series may end early (a delisted or stale symbol), skip sessions (null sessions), carry a split
 * (before the split date the simulator answers unadjusted prices, from it on the adjusted history
 * with Yahoo's `events.splits`), and be a company with an SEC CIK or a coin with a CoinGecko id.
 */

export interface SimulatedInstrument {
  symbol: string;
  kind: SimulatedKind;
  /** Shown as the instrument's name; generated instruments say they are test data. */
  name: string;
  start: string;
  /** Last session the instrument has a bar for (a stale or delisted symbol); absent: up to now. */
  end?: string;
  startPrice?: number;
  /** Sessions answered with null values (Yahoo's "no print" days). */
  nullSessions?: string[];
  split?: { date: string; numerator: number; denominator: number };
  /** CoinGecko's id (coins); absent for coins only Yahoo serves. */
  coinId?: string;
  /** Not served by Yahoo (a coin only CoinGecko lists). */
  notOnYahoo?: boolean;
  /** SEC filer. */
  cik?: string;
}

export interface ServedBar extends SimulatedBar {
  /** False for today's session while it trades. */
  closed: boolean;
}

const cache = new Map<string, SimulatedBar[]>();

function fullSeries(instrument: SimulatedInstrument, through: string): SimulatedBar[] {
  const key = `${instrument.symbol}|${instrument.start}|${through}`;
  let bars = cache.get(key);
  if (!bars) {
    bars = generateBars(
      instrument.symbol,
      instrument.kind,
      instrument.start,
      through,
      instrument.startPrice ?? 100,
    );
    if (cache.size > 5_000) cache.clear();
    cache.set(key, bars);
  }
  return bars;
}

/**
 * The bars an instrument has at `nowMs`, as its provider would serve them: sessions up to today (today's
 * only once it opened, and not closed until it closes), split-adjusted once the split happened.
 */
export function servedBars(instrument: SimulatedInstrument, nowMs: number): ServedBar[] {
  const today = marketDate(instrument.kind, nowMs);
  const last = instrument.end && instrument.end < today ? instrument.end : today;
  const nulls = new Set(instrument.nullSessions ?? []);
  const split = instrument.split;
  const splitHappened = split !== undefined && today >= split.date;
  const ratio = split ? split.numerator / split.denominator : 1;
  const bars: ServedBar[] = [];
  for (const bar of fullSeries(instrument, last)) {
    if (nulls.has(bar.date)) continue;
    const { open, close } = sessionBounds(instrument.kind, bar.date);
    if (bar.date === today && nowMs < open) continue;
    // The generated series is the adjusted history: before the split happened, earlier prices were `ratio` times higher.
    const scale = split && !splitHappened && bar.date < split.date ? ratio : 1;
    const scaled = (value: number) => Math.round(value * scale * 100) / 100;
    bars.push({
      date: bar.date,
      open: scaled(bar.open),
      high: scaled(bar.high),
      low: scaled(bar.low),
      close: scaled(bar.close),
      volume: bar.volume,
      closed: !(bar.date === today && nowMs < close),
    });
  }
  return bars;
}

/** `count` generated equities SIM0001.., each labelled as test data, by default with two years and a month of history. */
export function generatedInstruments(
  count: number,
  nowMs: number,
  prefix = 'SIM',
  historyDays = 760,
): SimulatedInstrument[] {
  const start = addDays(new Date(nowMs).toISOString().slice(0, 10), -historyDays);
  return Array.from({ length: count }, (_, index) => {
    const symbol = `${prefix}${String(index + 1).padStart(4, '0')}`;
    return {
      symbol,
      kind: 'equity' as const,
      name: `Simulated test series ${symbol} (test data, not a market price)`,
      start,
      startPrice: 20 + (index % 50) * 7,
    };
  });
}
