import { CounterfactualsResponseSchema } from '../domain/entities/counterfactuals';
import { SymbolParamsSchema } from './params';
import { defineRoute } from './route';

/** What would move a symbol's grade (docs/product.md "Counterfactuals"), served by the ai area. */
export const counterfactualRoutes = {
  counterfactuals: defineRoute({
    id: 'ai.getCounterfactuals',
    method: 'GET',
    path: '/api/ai/counterfactuals/{symbol}',
    area: 'ai',
    access: 'optional-user',
    summary:
      "Per factor of one symbol at the market date, the smallest change of the factor's main input that moves the grade one step up and one step down, or that no change within the input's 1st-99th percentile across the graded universe does; each stated in the caller's language. Every tier and the demo visitor read it; it counts no quota.",
    params: SymbolParamsSchema,
    response: CounterfactualsResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
} as const;
