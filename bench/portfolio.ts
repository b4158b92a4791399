/**
 * Latency of `GET /api/portfolio` (list with valuation) for a portfolio of 25 holdings, measured over
 * HTTP against a running local stack. Requests are sequential, so the figures are per-request latency,
 * not throughput.
 *
 * The caller's portfolio is topped up to 25 holdings with real listings (the three replay symbols,
 * which are analysed by the engine on every valuation, plus the largest snapshot listings) and the
 * holdings the bench added are removed afterwards, so a shared account (the seeded investor) is left
 * as it was. The token must belong to a tier that holds 25 assets (PREMIUM or PRO).
 */

import { timeSequentially, type LatencyFigures } from './report-format';

export interface PortfolioBenchResult {
  base_url: string;
  holdings: number;
  list_portfolio: LatencyFigures;
}

export interface PortfolioBenchOptions {
  /** Timed requests, after the warm-up. */
  requests?: number;
  /** Untimed requests first (JIT, universe load, connection pool, JWKS cache). */
  warmUp?: number;
  holdings?: number;
}

interface HeldAsset {
  id: string;
  symbol: string;
}

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

async function listHeld(baseUrl: string, token: string): Promise<HeldAsset[]> {
  const response = await call(baseUrl, token, 'GET', '/api/portfolio');
  if (response.status !== 200) throw new Error(`GET /api/portfolio answered ${response.status}`);
  return (response.body as { assets: HeldAsset[] }).assets;
}

/** Real listings to hold: the replay symbols first, then the largest listings whose name has "inc". */
async function candidateAssets(baseUrl: string): Promise<{ symbol: string; asset_type: string }[]> {
  const found: { symbol: string; asset_type: string }[] = [];
  for (const query of ['AAPL', 'BTC-USD', '^GSPC']) {
    const url = new URL('/api/portfolio/search', baseUrl);
    url.searchParams.set('q', query);
    const response = (await (await fetch(url)).json()) as {
      results: { symbol: string; asset_type: string }[];
    };
    if (response.results[0]) found.push(response.results[0]);
  }
  const url = new URL('/api/portfolio/search', baseUrl);
  url.searchParams.set('q', 'inc');
  url.searchParams.set('limit', '25');
  const many = (await (await fetch(url)).json()) as { results: { symbol: string; asset_type: string }[] };
  found.push(...many.results);
  return found;
}

export async function runPortfolioBench(
  baseUrl: string,
  token: string,
  options: PortfolioBenchOptions = {},
): Promise<PortfolioBenchResult> {
  const target = options.holdings ?? 25;
  const requests = options.requests ?? 200;
  const warmUp = options.warmUp ?? 20;

  const held = await listHeld(baseUrl, token);
  const heldSymbols = new Set(held.map((asset) => asset.symbol));
  const added: string[] = [];
  try {
    for (const candidate of await candidateAssets(baseUrl)) {
      if (heldSymbols.size >= target) break;
      if (heldSymbols.has(candidate.symbol)) continue;
      const response = await call(baseUrl, token, 'POST', '/api/portfolio/holdings', {
        symbol: candidate.symbol,
        asset_type: candidate.asset_type,
        shares: 10,
      });
      if (response.status === 403) throw new Error('the bench needs a PREMIUM or PRO token (25 holdings)');
      if (response.status !== 201) throw new Error(`adding ${candidate.symbol} answered ${response.status}`);
      added.push((response.body as { asset: HeldAsset }).asset.id);
      heldSymbols.add(candidate.symbol);
    }
    if (heldSymbols.size < target) throw new Error(`only ${heldSymbols.size} holdings could be set up`);

    return {
      base_url: baseUrl,
      holdings: heldSymbols.size,
      list_portfolio: await timeSequentially(
        () => call(baseUrl, token, 'GET', '/api/portfolio'),
        requests,
        warmUp,
      ),
    };
  } finally {
    for (const id of added) await call(baseUrl, token, 'DELETE', `/api/portfolio/holdings/${id}`);
  }
}
