import { AnalystAnswerSchema, SymbolAnalystPayloadSchema } from '../domain/entities/analyst';
import { CounterfactualsResponseSchema } from '../domain/entities/counterfactuals';
import { SymbolParamsSchema } from './params';
import { defineRoute } from './route';

/** What would move a symbol's grade (docs/product.md "Counterfactuals"), served by the market area. */
export const counterfactualRoutes = {
  counterfactuals: defineRoute({
    id: 'ai.getCounterfactuals',
    method: 'GET',
    path: '/api/ai/counterfactuals/{symbol}',
    area: 'market',
    access: 'optional-user',
    summary:
      "Per factor of one symbol at the market date, the smallest change of the factor's main input that moves the grade one step up and one step down, or that no change within the input's 1st-99th percentile across the graded universe does; each stated in the caller's language. Every tier and the demo visitor read it; it counts no quota.",
    params: SymbolParamsSchema,
    response: CounterfactualsResponseSchema,
    errors: [404],
    rateClass: 'read',
  }),
  analyst: defineRoute({
    id: 'ai.askAnalyst',
    method: 'POST',
    path: '/api/ai/analyst',
    area: 'market',
    access: 'user',
    summary:
      "A question about one symbol (at most 500 characters), answered in the caller's language from the symbol's fact sheet and counterfactuals: by templates, or by a configured language model whose answer the guard checks (every number a figure of the sheet, every cited id a fact) and replaces with the template's when it fails. Lists the figures used. Counts the caller's analyst_questions quota (403 when used up) and, like the fact sheet, the ai_recommendations detail once per symbol a day.",
    body: SymbolAnalystPayloadSchema,
    response: AnalystAnswerSchema,
    errors: [403, 404],
    rateClass: 'analysis',
  }),
} as const;
