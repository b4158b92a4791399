import { describe, expect, it } from 'vitest';
import { createValuationCache } from './valuation-cache';

const key = { userId: 'u1', ledgerVersion: 3, marketDate: '2017-04-10', indexSymbol: null };

describe('valuation cache', () => {
  it('computes a user’s valuation once per ledger version, market date and benchmark', async () => {
    const cache = createValuationCache<{ n: number }>();
    let computed = 0;
    const compute = async () => ({ n: ++computed });

    const [a, b] = await Promise.all([cache.read(key, compute), cache.read(key, compute)]);
    const again = await cache.read(key, compute);

    expect([a.n, b.n, again.n, computed]).toEqual([1, 1, 1, 1]);
    expect((await cache.read({ ...key, ledgerVersion: 4 }, compute)).n).toBe(2);
    expect((await cache.read({ ...key, marketDate: '2017-04-11' }, compute)).n).toBe(3);
    expect((await cache.read({ ...key, indexSymbol: 'SPY' }, compute)).n).toBe(4);
    expect((await cache.read({ ...key, userId: 'u2' }, compute)).n).toBe(5);
  });

  it('does not keep a failed computation, and forgets the least recently read past its size', async () => {
    const cache = createValuationCache<{ n: number }>(2);
    await expect(cache.read(key, () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.read(key, async () => ({ n: 1 }))).n).toBe(1);
    await cache.read({ ...key, userId: 'u2' }, async () => ({ n: 2 }));
    await cache.read(key, async () => ({ n: 99 }));
    await cache.read({ ...key, userId: 'u3' }, async () => ({ n: 3 }));

    // u1 was read last before u3 came in, so u2 was dropped.
    expect((await cache.read(key, async () => ({ n: 100 }))).n).toBe(1);
    expect((await cache.read({ ...key, userId: 'u2' }, async () => ({ n: 4 }))).n).toBe(4);
  });
});
