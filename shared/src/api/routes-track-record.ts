import { GradeChainResponseSchema } from '../domain/entities/grade-chain';
import { defineRoute } from './route';

/**
 * The live track record's chain head and outcomes (docs/product.md "Track record"), served by the market area, which
 * reads the market table the price poll writes it to. Anyone may read it, without signing in.
 */
export const trackRecordRoutes = {
  gradeChain: defineRoute({
    id: 'ai.getGradeChain',
    method: 'GET',
    path: '/api/ai/track-record/chain',
    area: 'market',
    access: 'public',
    summary:
      "The head of the live grade chain: one entry per market date hashing that date's stored grades with the formula version and the previous entry's hash. Live, the outcomes per horizon (1, 3, 6, 12 months) per grade, recorded once each horizon passed: count, mean and median return, excess over SPY and hit rate, pooled over the dates recorded. Replay keeps no chain (head null, 0 entries, no outcomes).",
    response: GradeChainResponseSchema,
    rateClass: 'read',
  }),
} as const;
