import { describe, expect, it } from 'vitest';
import type { StoredQuote } from '../data/stored-prices';
import { createStoredQuoteBatcher } from './portfolio-market';

function storedQuote(symbol: string, price: number): StoredQuote {
  return { symbol, price } as StoredQuote;
}

describe('createStoredQuoteBatcher', () => {
  it('reads the quotes asked for in one turn with one batch call, each caller getting its own', async () => {
    const calls: string[][] = [];
    const getQuote = createStoredQuoteBatcher({
      getQuotes: async (symbols) => {
        calls.push([...symbols]);
        return new Map([
          ['AAPL', storedQuote('AAPL', 190.5)],
          ['BTC-USD', storedQuote('BTC-USD', 2_500)],
        ]);
      },
    });

    const [apple, bitcoin, unknown, appleAgain] = await Promise.all([
      getQuote('AAPL'),
      getQuote('BTC-USD'),
      getQuote('ZZZZ'),
      getQuote('AAPL'),
    ]);

    expect(calls).toEqual([['AAPL', 'BTC-USD', 'ZZZZ', 'AAPL']]);
    expect(apple?.price).toBe(190.5);
    expect(appleAgain?.price).toBe(190.5);
    expect(bitcoin?.price).toBe(2_500);
    expect(unknown).toBeNull();
  });

  it('starts a new batch for reads of a later turn', async () => {
    const calls: string[][] = [];
    const getQuote = createStoredQuoteBatcher({
      getQuotes: async (symbols) => {
        calls.push([...symbols]);
        return new Map();
      },
    });

    await getQuote('AAPL');
    await getQuote('BTC-USD');

    expect(calls).toEqual([['AAPL'], ['BTC-USD']]);
  });

  it('fails every caller of a batch whose read failed, and recovers on the next one', async () => {
    let fail = true;
    const getQuote = createStoredQuoteBatcher({
      getQuotes: async (symbols) => {
        if (fail) throw new Error('throttled');
        return new Map(symbols.map((symbol) => [symbol, storedQuote(symbol, 1)]));
      },
    });

    const results = await Promise.allSettled([getQuote('AAPL'), getQuote('BTC-USD')]);
    fail = false;

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((await getQuote('AAPL'))?.price).toBe(1);
  });
});
