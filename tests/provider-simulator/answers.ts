import { readFileSync } from 'node:fs';
import { marketDate, sessionBounds, zoneOffsetMinutes, type SimulatedKind } from './generated-series';
import { servedBars, type SimulatedInstrument } from './instruments';

/*
 * The answers, in each provider's real format. Every shape starts from a real recorded answer kept
 * beside its provider (functions/src/market-data/providers/<name>/fixtures/, READMEs there say where
 * each was recorded): Yahoo's `meta` block is the recording's for the instrument's kind with the
 * instrument's own symbol, name, prices and session; companyfacts and submissions of the recorded
 * company (Tesla, CIK 1318605) are the recordings themselves; other companies get the same shape.
 */

const fixturesRoot = new URL('../../functions/src/market-data/providers/', import.meta.url);
const recorded = (path: string): unknown => JSON.parse(readFileSync(new URL(path, fixturesRoot), 'utf8'));

type Json = Record<string, unknown>;

const META_TEMPLATE: Record<SimulatedKind, string> = {
  equity: 'yahoo/fixtures/recorded/chart-AAPL-2020-01-01-to-2020-01-03.json',
  etf: 'yahoo/fixtures/recorded/chart-AAPL-2020-01-01-to-2020-01-03.json',
  index: 'yahoo/fixtures/recorded/chart-AAPL-2020-01-01-to-2020-01-03.json',
  future: 'yahoo/fixtures/recorded/chart-AAPL-2020-01-01-to-2020-01-03.json',
  fx: 'yahoo/fixtures/recorded/chart-EURUSD=X-2020-01-01-to-2020-01-03.json',
  crypto: 'yahoo/fixtures/recorded/chart-BTC-USD-2020-01-01-to-2020-01-03.json',
};
const INSTRUMENT_TYPE: Record<SimulatedKind, string> = {
  equity: 'EQUITY',
  etf: 'ETF',
  index: 'INDEX',
  future: 'FUTURE',
  fx: 'CURRENCY',
  crypto: 'CRYPTOCURRENCY',
};

const templates = new Map<string, Json>();
function metaTemplate(kind: SimulatedKind): Json {
  const path = META_TEMPLATE[kind];
  let meta = templates.get(path);
  if (!meta) {
    meta = ((recorded(path) as { chart: { result: { meta: Json }[] } }).chart.result[0] as { meta: Json })
      .meta;
    templates.set(path, meta);
  }
  return structuredClone(meta);
}

export const YAHOO_NOT_FOUND = {
  chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
};

/** Extra rows injected into a chart answer, after the real ones (bad bars for the validation tests). */
export interface InjectedRow {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export function yahooChart(
  instrument: SimulatedInstrument,
  window: { fromMs: number; toMs: number },
  nowMs: number,
  extras: { injected?: InjectedRow[]; empty?: boolean } = {},
): Json {
  const bars = servedBars(instrument, nowMs);
  const inWindow = extras.empty
    ? []
    : bars.filter((bar) => {
        const open = sessionBounds(instrument.kind, bar.date).open;
        return open >= window.fromMs && open < window.toMs;
      });
  const rows: InjectedRow[] = [...inWindow, ...(extras.injected ?? [])];
  const meta = metaTemplate(instrument.kind);
  const today = marketDate(instrument.kind, nowMs);
  const session = sessionBounds(instrument.kind, today);
  const offsetSeconds =
    instrument.kind === 'crypto' || instrument.kind === 'fx'
      ? 0
      : zoneOffsetMinutes(nowMs, 'America/New_York') * 60;
  const last = bars.at(-1);
  // The recording's figures of its own instrument do not belong to this one.
  delete meta.chartPreviousClose;
  Object.assign(meta, {
    symbol: instrument.symbol,
    firstTradeDate: Math.floor(sessionBounds(instrument.kind, instrument.start).open / 1000),
    instrumentType: INSTRUMENT_TYPE[instrument.kind],
    longName: instrument.name,
    shortName: instrument.name,
    gmtoffset: offsetSeconds,
    regularMarketPrice: last?.close ?? null,
    regularMarketTime: Math.floor(
      Math.min(nowMs, last ? sessionBounds(instrument.kind, last.date).close : nowMs) / 1000,
    ),
    currentTradingPeriod: {
      pre: {
        timezone: meta.timezone,
        start: session.open / 1000,
        end: session.open / 1000,
        gmtoffset: offsetSeconds,
      },
      regular: {
        timezone: meta.timezone,
        start: session.open / 1000,
        end: session.close / 1000,
        gmtoffset: offsetSeconds,
      },
      post: {
        timezone: meta.timezone,
        start: session.close / 1000,
        end: session.close / 1000,
        gmtoffset: offsetSeconds,
      },
    },
  });
  const result: Json = { meta };
  if (rows.length > 0) {
    result.timestamp = rows.map((row) => Math.floor(sessionBounds(instrument.kind, row.date).open / 1000));
    if (
      instrument.split &&
      today >= instrument.split.date &&
      instrument.split.date >= new Date(window.fromMs).toISOString().slice(0, 10)
    ) {
      const at = Math.floor(sessionBounds(instrument.kind, instrument.split.date).open / 1000);
      result.events = {
        splits: {
          [String(at)]: {
            date: at,
            numerator: instrument.split.numerator,
            denominator: instrument.split.denominator,
            splitRatio: `${instrument.split.numerator}:${instrument.split.denominator}`,
          },
        },
      };
    }
    result.indicators = {
      quote: [
        {
          open: rows.map((row) => row.open),
          high: rows.map((row) => row.high),
          low: rows.map((row) => row.low),
          close: rows.map((row) => row.close),
          volume: rows.map((row) => row.volume),
        },
      ],
      adjclose: [{ adjclose: rows.map((row) => row.close) }],
    };
  } else {
    // The recorded shape of a window without sessions: no timestamp, one empty quote.
    result.indicators = { quote: [{}] };
  }
  return { chart: { result: [result], error: null } };
}

const DAY_MS = 86_400_000;

/** market_chart: the close of day D stamped at D + 1 00:00 UTC, then the running day's price now. */
export function coingeckoMarketChart(
  instrument: SimulatedInstrument,
  days: number,
  nowMs: number,
  empty = false,
): Json {
  const bars = empty ? [] : servedBars(instrument, nowMs);
  const since = nowMs - days * DAY_MS;
  const points = bars
    .filter((bar) => bar.closed)
    .map((bar) => ({ at: Date.parse(`${bar.date}T00:00:00Z`) + DAY_MS, bar }))
    .filter((point) => point.at >= since && point.at <= nowMs);
  const running = bars.at(-1);
  if (running && !running.closed) points.push({ at: nowMs, bar: running });
  return {
    prices: points.map((point) => [point.at, point.bar.close]),
    market_caps: points.map((point) => [point.at, Math.round(point.bar.close * 19_000_000)]),
    total_volumes: points.map((point) => [point.at, point.bar.volume * point.bar.close]),
  };
}

export function coingeckoMarkets(
  coins: readonly SimulatedInstrument[],
  nowMs: number,
  page: number,
  perPage: number,
): Json[] {
  const template = (recorded('coingecko/fixtures/coins-markets-page-1.json') as Json[])[0] as Json;
  return coins.slice((page - 1) * perPage, page * perPage).map((coin, index) => {
    const last = servedBars(coin, nowMs).at(-1);
    return {
      ...structuredClone(template),
      id: coin.coinId,
      symbol: coin.symbol.replace(/-USD$/, '').toLowerCase(),
      name: coin.name,
      current_price: last?.close ?? null,
      market_cap: last ? Math.round(last.close * 19_000_000) : null,
      market_cap_rank: (page - 1) * perPage + index + 1,
      last_updated: new Date(nowMs).toISOString(),
    };
  });
}

export function secTickers(companies: readonly SimulatedInstrument[]): Json {
  return Object.fromEntries(
    companies.map((company, index) => [
      String(index),
      { cik_str: Number(company.cik), ticker: company.symbol, title: company.name },
    ]),
  );
}

const TESLA_CIK = '1318605';

export function secCompanyFacts(company: SimulatedInstrument): Json {
  const facts = recorded('sec-edgar/fixtures/recorded/companyfacts-CIK0001318605-trimmed.json') as Json;
  if (Number(company.cik) === Number(TESLA_CIK)) return facts;
  // Another company: the recorded shape with this company's name and CIK.
  return { ...facts, cik: Number(company.cik), entityName: company.name };
}

type RecentFilings = Record<
  'accessionNumber' | 'filingDate' | 'form' | 'items' | 'primaryDocument',
  string[]
>;

/**
 * Tesla's recorded submissions as recorded. Another company: the same rows with its name and CIK,
 * moved in time so that its latest 8-K (Tesla's of 2022-10-19, Item 2.02) was filed on the simulator's
 * day, the rows after it cut (no filing from the future), so its catalysts are recent on the live stack.
 */
export function secSubmissions(company: SimulatedInstrument, nowMs: number): Json {
  const submissions = recorded('sec-edgar/fixtures/recorded/submissions-CIK0001318605-trimmed.json') as Json;
  if (Number(company.cik) === Number(TESLA_CIK)) return submissions;
  const recent = (submissions.filings as { recent: RecentFilings }).recent;
  const latest8k = recent.form.indexOf('8-K');
  const shiftDays = Math.round(
    (Date.parse(new Date(nowMs).toISOString().slice(0, 10)) - Date.parse(recent.filingDate[latest8k] ?? '')) /
      86_400_000,
  );
  const moved = (date: string) =>
    new Date(Date.parse(date) + shiftDays * 86_400_000).toISOString().slice(0, 10);
  const kept = Object.fromEntries(
    Object.entries(recent).map(([column, values]) => [
      column,
      values.slice(latest8k).map((value) => (column === 'filingDate' ? moved(value) : value)),
    ]),
  );
  return {
    ...submissions,
    cik: String(Number(company.cik)),
    name: company.name,
    tickers: [company.symbol],
    filings: { ...(submissions.filings as Json), recent: kept },
  };
}

/**
 * A document of EDGAR's archive: every simulated 8-K is The Buckle, Inc.'s recorded 8-K of 2024-11-22,
 * and the press release it links, its recorded Exhibit 99.1 (sec-edgar/fixtures/README.md).
 */
export function secArchiveDocument(fileName: string): string | null {
  if (fileName === 'bke20241122-8kexhibit.htm') {
    return readFileSync(
      new URL('sec-edgar/fixtures/recorded/EX-99.1-BKE-20241122-trimmed.htm', fixturesRoot),
      'utf8',
    );
  }
  if (/8-?k/i.test(fileName) && fileName.endsWith('.htm')) {
    return readFileSync(
      new URL('sec-edgar/fixtures/recorded/8-K-BKE-20241122-trimmed.htm', fixturesRoot),
      'utf8',
    );
  }
  return null;
}

/** EDGAR's current 8-K Atom feed: the test fixture written in its shape (sec-edgar/fixtures/README.md). */
export function currentFilingsFeed(): string {
  return readFileSync(new URL('sec-edgar/fixtures/edgar-current-8k.atom.xml', fixturesRoot), 'utf8');
}
