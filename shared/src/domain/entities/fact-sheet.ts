import * as z from 'zod';
import { GLOSSARY_FORMATS } from '../rules/score-glossary';
import { IsoDateSchema } from './common';
import { DetailLevelSchema, DetailQuotaSchema } from './market';

/*
 * Fact sheets (docs/product.md "Fact sheets"): every figure the engine knows about a symbol, or the
 * one valuation and the ledger know about a portfolio, as a flat list of facts. A fact's id is stable
 * across days and releases (`factor.momentum.score`, `risk.max_drawdown_1y`), its unit says how to
 * write it (the score glossary's formats, plus dates, words, weights and counts), its date is the
 * day the figure describes (never after the market date) and its source says where it comes from.
 */

export const FACT_UNITS = [...GLOSSARY_FORMATS, 'date', 'text', 'weight', 'count'] as const;
export const FactUnitSchema = z.enum(FACT_UNITS);
export type FactUnit = z.infer<typeof FactUnitSchema>;

/** Lower-case words joined by dots; a symbol inside an id keeps its own spelling. */
export const FACT_ID_PATTERN = /^[a-z0-9_]+(\.[A-Za-z0-9_^=-]+)+$/;

export const FactSchema = z.object({
  id: z.string().regex(FACT_ID_PATTERN),
  value: z.union([z.number(), z.string(), z.null()]),
  unit: FactUnitSchema,
  as_of: IsoDateSchema,
  source: z.string(),
});
export type Fact = z.infer<typeof FactSchema>;

export const SymbolFactSheetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  market_date: IsoDateSchema,
  /** 'basic' leaves out the factors' inputs and the risk, momentum, volume and fundamentals figures. */
  detail_level: DetailLevelSchema,
  detail_quota: DetailQuotaSchema,
  facts: z.array(FactSchema),
  /** Each factor's plain sentence in the caller's language, keyed `factor.<name>`. */
  notes: z.record(z.string(), z.string()),
});
export type SymbolFactSheet = z.infer<typeof SymbolFactSheetSchema>;

export const PortfolioFactSheetSchema = z.object({
  market_date: IsoDateSchema,
  base_currency: z.string(),
  facts: z.array(FactSchema),
});
export type PortfolioFactSheet = z.infer<typeof PortfolioFactSheetSchema>;
