import { InstrumentStatusSchema } from '../domain/entities/instruments';
import { SymbolParamsSchema } from './params';
import { defineRoute } from './route';

/**
 * Any listed symbol (docs/product.md "Any asset"): what the store holds for it and, in live mode, an
 * on-demand backfill of what it does not. Served by the portfolio area, which owns the universe.
 */
export const instrumentRoutes = {
  getInstrument: defineRoute({
    id: 'portfolio.getInstrument',
    method: 'GET',
    path: '/api/portfolio/instruments/{symbol}',
    area: 'portfolio',
    access: 'optional-user',
    summary:
      "What the store holds for a listed symbol: its grade and dated price when ready, the backfill's progress while pending, or why there is none (available in live mode, no history from the source, delisted).",
    params: SymbolParamsSchema,
    response: InstrumentStatusSchema,
    errors: [404],
    rateClass: 'read',
  }),
  fetchInstrument: defineRoute({
    id: 'portfolio.fetchInstrument',
    method: 'POST',
    path: '/api/portfolio/instruments/{symbol}/fetch',
    area: 'portfolio',
    access: 'user',
    summary:
      'Live mode: asks for a priority backfill of a listed symbol the store does not hold yet (two years of bars, fundamentals and filings) and answers at once with its state; asking again changes nothing. Replay mode enqueues nothing.',
    params: SymbolParamsSchema,
    response: InstrumentStatusSchema,
    errors: [404],
    rateClass: 'write',
  }),
};
