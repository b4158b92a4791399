import { describe, expect, it } from 'vitest';
import type { ReferenceChunk } from '../../data/reference-repository';
import type { SeriesState } from '../../data/series-repository';
import { createOnDemandBackfill, RESEND_AFTER_MS } from './on-demand';
import type { PlannedMessage } from './plan-ingestion';

/** In-memory stand-ins for the series table (versioned puts), the reference lists and the queue. */
function harness(options: { tickers?: string[]; coins?: string[] | null } = {}) {
  const stored = new Map<string, SeriesState>();
  const sent: PlannedMessage[] = [];
  let clock = Date.parse('2026-11-24T12:00:00Z');
  let losePutRace = false;
  const backfill = createOnDemandBackfill({
    series: {
      getSeries: async (symbol) => stored.get(symbol) ?? null,
      putSeries: async (state) => {
        if (losePutRace) {
          stored.set(state.symbol, { ...state, requested_by: 'someone else' });
          return false;
        }
        if (stored.has(state.symbol) && state.version === 1) return false;
        stored.set(state.symbol, state);
        return true;
      },
    },
    reference: {
      getChunk: async <Entry>(_dataset: string, chunk: string) =>
        ({
          dataset: 'sec-tickers',
          chunk,
          entries: (options.tickers ?? [])
            .filter((ticker) => ticker.startsWith(chunk))
            .map((ticker) => ({ ticker, cik: '0000000001', title: ticker })),
          fetched_at: '',
        }) as unknown as ReferenceChunk<Entry>,
      listChunks: async <Entry>() =>
        (options.coins === null
          ? []
          : [
              {
                dataset: 'coingecko-coins',
                chunk: '001',
                entries: (options.coins ?? []).map((symbol) => ({ id: symbol.toLowerCase(), symbol })),
                fetched_at: '',
              },
            ]) as unknown as ReferenceChunk<Entry>[],
    },
    queue: {
      send: async (messages) => {
        sent.push(...messages);
        return messages.length;
      },
    },
    now: () => new Date(clock),
  });
  return {
    backfill,
    stored,
    sent,
    advance: (ms: number) => (clock += ms),
    loseNextPut: () => (losePutRace = true),
  };
}

describe('on-demand backfill', () => {
  it('creates a pending series once and asks for its bars and, for a company, its facts, at high priority', async () => {
    const { backfill, stored, sent } = harness();
    const state = await backfill.request('msft');
    expect(state).toMatchObject({ symbol: 'MSFT', status: 'pending', requested_by: 'on-demand', version: 1 });
    expect(stored.get('MSFT')?.status).toBe('pending');
    expect(sent.map((message) => message.body)).toEqual([
      expect.objectContaining({ kind: 'bars', symbols: ['MSFT'], reason: 'backfill', priority: 'high' }),
      expect.objectContaining({ kind: 'fundamentals', symbols: ['MSFT'], priority: 'high' }),
    ]);
    expect(sent.every((message) => message.delaySeconds === 0)).toBe(true);

    // Asked again (a second click, a second person): nothing more is sent.
    await backfill.request('MSFT');
    expect(sent).toHaveLength(2);
  });

  it('asks for bars only for what has no SEC filings to read', async () => {
    const { backfill, sent } = harness();
    await backfill.request('ETH-USD');
    await backfill.request('GC=F');
    await backfill.request('EURUSD=X');
    expect(
      sent.map((message) => [message.body.kind, ...('symbols' in message.body ? message.body.symbols : [])]),
    ).toEqual([
      ['bars', 'ETH-USD'],
      ['bars', 'GC=F'],
      ['bars', 'EURUSD=X'],
    ]);
  });

  it('sends again only for a series still never attempted after ten minutes', async () => {
    const { backfill, sent, advance, stored } = harness();
    await backfill.request('SPY');
    advance(RESEND_AFTER_MS - 1);
    await backfill.request('SPY');
    expect(sent).toHaveLength(2);
    advance(1);
    await backfill.request('SPY');
    expect(sent).toHaveLength(4);
    // Once the worker tried it, the planner owns it: no more on-demand messages.
    stored.set('SPY', { ...(stored.get('SPY') as SeriesState), attempted_at: '2026-11-24T12:10:01Z' });
    advance(RESEND_AFTER_MS);
    await backfill.request('SPY');
    expect(sent).toHaveLength(4);
  });

  it('leaves the messages to whoever created the series first', async () => {
    const { backfill, sent, loseNextPut } = harness();
    loseNextPut();
    const state = await backfill.request('AMZN');
    expect(state.requested_by).toBe('someone else');
    expect(sent).toHaveLength(0);
  });

  it('knows a listed symbol by the SEC ticker map, the coin list or its shape', async () => {
    const { backfill } = harness({ tickers: ['MSFT'], coins: ['ETH'] });
    expect(await backfill.isListed('MSFT')).toBe(true);
    expect(await backfill.isListed('ZZZZQ')).toBe(false);
    expect(await backfill.isListed('ETH-USD')).toBe(true);
    expect(await backfill.isListed('NOPECOIN-USD')).toBe(false);
    expect(await backfill.isListed('^FCHI')).toBe(true);
    expect(await backfill.isListed('GC=F')).toBe(true);
    expect(await backfill.isListed('GBPUSD=X')).toBe(true);
    // No coin list stored yet: the shape is all there is.
    expect(await harness({ coins: null }).backfill.isListed('NOPECOIN-USD')).toBe(true);
  });
});
