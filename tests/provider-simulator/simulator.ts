import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  currentFilingsFeed,
  coingeckoMarketChart,
  coingeckoMarkets,
  secCompanyFacts,
  secSubmissions,
  secArchiveDocument,
  secTickers,
  yahooChart,
  YAHOO_NOT_FOUND,
  type InjectedRow,
} from './answers';
import { ARRIVED_AT_HEADER, stampedArrival, startArrivalStamper } from './arrival-stamper';
import { servedBars, type ServedBar, type SimulatedInstrument } from './instruments';

/*
 * The provider simulator: one HTTP server on 127.0.0.1 answering as Yahoo's chart endpoint, CoinGecko
 * and SEC EDGAR do, in their real formats (answers.ts), for the instruments it is given. Tests, the
 * bench and `npm start -- --live` point the providers' base URLs at it:
 *
 *   LIVE_QUOTE_BASE_URL  {url}/yahoo/v8/finance/chart       COINGECKO_BASE_URL  {url}/coingecko/api/v3
 *   SEC_DATA_BASE_URL    {url}/sec-data                      SEC_FILES_BASE_URL  {url}/sec-www
 *
 * Faults are injected per provider (and symbol): a status (429 with Retry-After, 500, 503), a timeout
 * (the answer never comes), a truncated body, an empty result, extra rows (bad bars). Every request is
 * logged with the instant it arrived, stamped on a thread of its own (arrival-stamper.ts), so a test
 * can check the rate a provider saw however busy the process running the simulator is.
 */

export type SimulatedProvider = 'yahoo' | 'coingecko' | 'sec';

export type Fault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'timeout' }
  | { kind: 'truncate' }
  | { kind: 'empty' }
  | { kind: 'rows'; rows: InjectedRow[] };

export interface FaultRule {
  provider: SimulatedProvider;
  /** Only requests about this symbol (Yahoo symbol, coin id or CIK); all when absent. */
  symbol?: string;
  fault: Fault;
  /** Requests it applies to, then it lifts; forever when absent. */
  times?: number;
}

export interface LoggedRequest {
  provider: SimulatedProvider;
  path: string;
  symbol: string | null;
  /** Epoch ms with sub-millisecond precision, when the request's first byte reached the simulator's port. */
  at: number;
  status: number;
  userAgent: string | null;
}

export interface ProviderSimulatorOptions {
  port?: number;
  instruments: SimulatedInstrument[];
  now?: () => Date;
  /** Added before every answer (e.g. 200 ms of provider latency). */
  latencyMs?: number;
}

export interface ProviderSimulator {
  url: string;
  env: Record<
    'LIVE_QUOTE_BASE_URL' | 'COINGECKO_BASE_URL' | 'SEC_DATA_BASE_URL' | 'SEC_FILES_BASE_URL',
    string
  >;
  /** The bars an instrument has now, as the simulator serves them: the truth a test compares the store with. */
  bars(symbol: string): ServedBar[];
  addInstruments(instruments: SimulatedInstrument[]): void;
  injectFault(rule: FaultRule): void;
  clearFaults(): void;
  requests(provider?: SimulatedProvider): LoggedRequest[];
  clearRequests(): void;
  stop(): Promise<void>;
}

const nowMs = () => performance.timeOrigin + performance.now();

export async function startProviderSimulator(options: ProviderSimulatorOptions): Promise<ProviderSimulator> {
  const bySymbol = new Map<string, SimulatedInstrument>();
  const add = (list: SimulatedInstrument[]) =>
    list.forEach((instrument) => bySymbol.set(instrument.symbol, instrument));
  add(options.instruments);
  const clock = () => (options.now ? options.now().getTime() : Date.now());
  let faults: (FaultRule & { left: number })[] = [];
  const log: LoggedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  function takeFault(provider: SimulatedProvider, symbol: string | null): Fault | null {
    const rule = faults.find(
      (entry) => entry.provider === provider && (!entry.symbol || entry.symbol === symbol) && entry.left > 0,
    );
    if (!rule) return null;
    rule.left -= 1;
    return rule.fault;
  }

  function route(
    url: URL,
    userAgent: string | null,
  ): {
    provider: SimulatedProvider;
    symbol: string | null;
    answer: (fault: Fault | null) => [number, unknown];
  } | null {
    const path = url.pathname;
    const yahoo = /^\/yahoo\/v8\/finance\/chart\/([^/]+)$/.exec(path);
    if (yahoo) {
      const symbol = decodeURIComponent(yahoo[1] as string);
      return {
        provider: 'yahoo',
        symbol,
        answer: (fault) => {
          const instrument = bySymbol.get(symbol);
          if (!instrument || instrument.notOnYahoo) return [404, YAHOO_NOT_FOUND];
          const now = clock();
          const range = url.searchParams.get('range');
          const window = range
            ? {
                fromMs:
                  now -
                  Number.parseInt(range, 10) *
                    86_400_000 *
                    (range.endsWith('y') ? 365 : range.endsWith('mo') ? 31 : 1),
                toMs: now + 1,
              }
            : {
                fromMs: Number(url.searchParams.get('period1')) * 1000,
                toMs: Number(url.searchParams.get('period2')) * 1000,
              };
          return [
            200,
            yahooChart(instrument, window, now, {
              empty: fault?.kind === 'empty',
              ...(fault?.kind === 'rows' ? { injected: fault.rows } : {}),
            }),
          ];
        },
      };
    }
    const chart = /^\/coingecko\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(path);
    if (chart) {
      const coinId = decodeURIComponent(chart[1] as string);
      return {
        provider: 'coingecko',
        symbol: coinId,
        answer: (fault) => {
          const coin = [...bySymbol.values()].find((instrument) => instrument.coinId === coinId);
          if (!coin) return [404, { error: 'coin not found' }];
          return [
            200,
            coingeckoMarketChart(
              coin,
              Number(url.searchParams.get('days') ?? 1),
              clock(),
              fault?.kind === 'empty',
            ),
          ];
        },
      };
    }
    if (path === '/coingecko/api/v3/coins/markets') {
      return {
        provider: 'coingecko',
        symbol: null,
        answer: () => {
          const coins = [...bySymbol.values()].filter((instrument) => instrument.coinId);
          return [
            200,
            coingeckoMarkets(
              coins,
              clock(),
              Number(url.searchParams.get('page') ?? 1),
              Number(url.searchParams.get('per_page') ?? 100),
            ),
          ];
        },
      };
    }
    if (path === '/sec-www/cgi-bin/browse-edgar' && url.searchParams.get('action') === 'getcurrent') {
      return { provider: 'sec', symbol: null, answer: () => [200, currentFilingsFeed()] };
    }
    const sec =
      /^\/sec-(?:www\/files\/company_tickers\.json|data\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json|data\/submissions\/CIK(\d{10})\.json)$/.exec(
        path,
      );
    if (sec) {
      const cik = sec[1] ?? sec[2] ?? null;
      return {
        provider: 'sec',
        symbol: cik === null ? null : String(Number(cik)),
        answer: () => {
          // EDGAR refuses undeclared automated tools: a User-Agent with a contact address is required.
          if (!userAgent || !userAgent.includes('@')) return [403, { message: 'Undeclared Automated Tool' }];
          const companies = [...bySymbol.values()].filter((instrument) => instrument.cik);
          if (cik === null) return [200, secTickers(companies)];
          const company = companies.find((instrument) => Number(instrument.cik) === Number(cik));
          if (!company) return [404, { message: 'NoSuchKey' }];
          // An ETF's trust is in the ticker map and files reports, but has no XBRL company facts.
          if (sec[1] && company.kind === 'etf') return [404, { message: 'NoSuchKey' }];
          return [200, sec[1] ? secCompanyFacts(company) : secSubmissions(company, clock())];
        },
      };
    }
    const archive = /^\/sec-www\/Archives\/edgar\/data\/(\d+)\/\d{18}\/([\w.-]+)$/.exec(path);
    if (archive) {
      return {
        provider: 'sec',
        symbol: String(Number(archive[1])),
        answer: () => {
          if (!userAgent || !userAgent.includes('@')) return [403, { message: 'Undeclared Automated Tool' }];
          const document = secArchiveDocument(archive[2] ?? '');
          return document === null ? [404, { message: 'NoSuchKey' }] : [200, document];
        },
      };
    }
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrived = stampedArrival(request.headers[ARRIVED_AT_HEADER]) ?? nowMs();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const userAgent = request.headers['user-agent'] ?? null;
    const matched = route(url, userAgent);
    if (!matched) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such endpoint');
      return;
    }
    const fault = takeFault(matched.provider, matched.symbol);
    const entry: LoggedRequest = {
      provider: matched.provider,
      path: url.pathname + url.search,
      symbol: matched.symbol,
      at: arrived,
      status: 0,
      userAgent,
    };
    log.push(entry);
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (fault?.kind === 'timeout') {
      entry.status = -1;
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (fault?.kind === 'status') {
      entry.status = fault.status;
      response.writeHead(fault.status, {
        'content-type': 'text/plain',
        ...(fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {}),
      });
      response.end(fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable');
      return;
    }
    const [status, body] = matched.answer(fault);
    entry.status = status;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, {
      'content-type':
        typeof body !== 'string'
          ? 'application/json;charset=utf-8'
          : /<feed[\s>]/.test(body.slice(0, 400))
            ? 'application/atom+xml'
            : 'text/html',
      'x-simulated-data': 'test data, not market prices',
    });
    response.end(fault?.kind === 'truncate' ? text.slice(0, Math.floor(text.length / 2)) : text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const stamper = await startArrivalStamper(options.port ?? 0, (server.address() as AddressInfo).port);
  const url = `http://127.0.0.1:${stamper.port}`;

  return {
    url,
    env: {
      LIVE_QUOTE_BASE_URL: `${url}/yahoo/v8/finance/chart`,
      COINGECKO_BASE_URL: `${url}/coingecko/api/v3`,
      SEC_DATA_BASE_URL: `${url}/sec-data`,
      SEC_FILES_BASE_URL: `${url}/sec-www`,
    },
    bars(symbol) {
      const instrument = bySymbol.get(symbol);
      return instrument ? servedBars(instrument, clock()) : [];
    },
    addInstruments: add,
    injectFault(rule) {
      faults.push({ ...rule, left: rule.times ?? Number.POSITIVE_INFINITY });
    },
    clearFaults() {
      faults = [];
    },
    requests(provider) {
      return log.filter((entry) => !provider || entry.provider === provider);
    },
    clearRequests() {
      log.length = 0;
    },
    async stop() {
      await stamper.stop();
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
