/**
 * Latency of the ledger's reads for a portfolio of 50 holdings and 500 transactions over 5 years
 * (2012-2016, the replay's history before its window), measured over HTTP against a running local
 * stack, one request at a time after a warm-up: the performance route (daily valuation over every
 * day, TWR and XIRR for every period, the S&P 500 beside), the transactions list, and the holdings
 * list derived from the ledger. The ledger is imported in one request (our own JSON format) into a
 * fresh PRO account (unlimited assets).
 */
import { randomUUID } from 'node:crypto';
import { callApi, searchAssets } from './api-load';
import { timeSequentially, type LatencyFigures } from './report-format';

export interface LedgerBenchResult {
  holdings: number;
  transactions: number;
  days: number;
  performance: LatencyFigures;
  list_transactions: LatencyFigures;
  list_portfolio: LatencyFigures;
}

const FIRST_DAY = Date.UTC(2012, 0, 3);
const LAST_DAY = Date.UTC(2016, 11, 30);
const ROWS_PER_SYMBOL = 10;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** 50 stock symbols of the universe: the replayed AAPL and BTC-USD first, then listings by name words. */
export async function fiftySymbols(baseUrl: string): Promise<string[]> {
  const symbols = new Set(['AAPL', 'BTC-USD']);
  for (const query of ['inc', 'corp', 'group', 'holdings', 'bank', 'energy', 'technologies']) {
    for (const result of await searchAssets(baseUrl, query, 25)) {
      if (symbols.size >= 50) break;
      if (result.asset_type === 'stock' && !result.symbol.startsWith('^')) symbols.add(result.symbol);
    }
  }
  if (symbols.size < 50) throw new Error(`only ${symbols.size} symbols found`);
  return [...symbols];
}

/** Ten rows a symbol, dated through the five years: buys, a sale of part of what is held, a dividend. */
export function ledgerOf(symbols: readonly string[]): Record<string, unknown>[] {
  const step = (LAST_DAY - FIRST_DAY) / (ROWS_PER_SYMBOL * symbols.length);
  const rows: Record<string, unknown>[] = [];
  symbols.forEach((symbol, index) => {
    for (let k = 0; k < ROWS_PER_SYMBOL; k += 1) {
      const date = isoDay(FIRST_DAY + step * (k * symbols.length + index));
      const kind = k % 5;
      const common = { symbol, date, currency: 'USD' };
      if (kind === 3) rows.push({ type: 'SELL', ...common, quantity: 2, price: 50 + k, fee: 1 });
      else if (kind === 4) rows.push({ type: 'DIVIDEND', ...common, quantity: 5, price: 0.4, fee: 0 });
      else rows.push({ type: 'BUY', ...common, quantity: 5, price: 40 + k, fee: 1, estimated: false });
    }
  });
  return rows;
}

function timeRequests(baseUrl: string, token: string, path: string, requests: number, warmUp: number) {
  return timeSequentially(() => callApi(baseUrl, 'GET', path, { token }), requests, warmUp);
}

export async function runLedgerRoutesBench(
  baseUrl: string,
  token: string,
  options: { requests?: number; warmUp?: number } = {},
): Promise<LedgerBenchResult> {
  const requests = options.requests ?? 100;
  const warmUp = options.warmUp ?? 10;
  const symbols = await fiftySymbols(baseUrl);
  const rows = ledgerOf(symbols);
  const content = JSON.stringify({ format: 'nugget-invest-ledger', version: 1, transactions: rows });
  const imported = await callApi(baseUrl, 'POST', '/api/portfolio/transactions/import', {
    token,
    body: { format: 'ledger-json', content },
    headers: { 'idempotency-key': randomUUID() },
  });
  const added = (imported.body as { imported?: number }).imported;
  if (imported.status !== 200 || added !== rows.length)
    throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body).slice(0, 300)}`);
  return {
    holdings: symbols.length,
    transactions: rows.length,
    days: Math.round((LAST_DAY - FIRST_DAY) / 86_400_000) + 3,
    performance: await timeRequests(baseUrl, token, '/api/portfolio/performance', requests, warmUp),
    list_transactions: await timeRequests(baseUrl, token, '/api/portfolio/transactions', requests, warmUp),
    list_portfolio: await timeRequests(baseUrl, token, '/api/portfolio', requests, warmUp),
  };
}
