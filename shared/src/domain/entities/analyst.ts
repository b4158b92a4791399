import * as z from 'zod';
import { LanguageSchema } from '../enums';
import { IsoDateSchema, SymbolSchema } from './common';
import { FactUnitSchema } from './fact-sheet';

/*
 * The analyst (docs/product.md "The analyst"): a question about a symbol or the caller's portfolio,
 * answered from that fact sheet (and, for a symbol, its counterfactuals) in the caller's language.
 * Every number of an answer is one of the figures it lists, each by its fact id.
 */

export const ANALYST_INTENTS = [
  'why_grade',
  'what_would_change',
  'risk',
  'momentum',
  'fundamentals',
  'allocation',
  'returns',
  'help',
] as const;
export const AnalystIntentSchema = z.enum(ANALYST_INTENTS);
export type AnalystIntent = z.infer<typeof AnalystIntentSchema>;

/** The longest question the analyst reads (docs/product.md "Business rules and limits"). */
export const ANALYST_QUESTION_MAX_LENGTH = 500;

export const AnalystQuestionSchema = z.string().trim().min(1).max(ANALYST_QUESTION_MAX_LENGTH);

export const SymbolAnalystPayloadSchema = z.strictObject({
  question: AnalystQuestionSchema,
  symbol: SymbolSchema,
});
export const PortfolioAnalystPayloadSchema = z.strictObject({ question: AnalystQuestionSchema });

/** A figure the answer used, as the sheet has it, so the site can show and link it. */
export const AnalystFigureSchema = z.object({
  id: z.string(),
  /** The figure's name in the caller's language. */
  label: z.string(),
  value: z.union([z.number(), z.string(), z.null()]),
  unit: FactUnitSchema,
  as_of: IsoDateSchema,
});
export type AnalystFigure = z.infer<typeof AnalystFigureSchema>;

export const AnalystAnswerSchema = z.object({
  text: z.string(),
  intent: AnalystIntentSchema,
  language: LanguageSchema,
  /** 'template': written by rules over the sheet; 'model': by the language model, checked by the guard. */
  generated_by: z.enum(['template', 'model']),
  /** The market date of the sheet the answer read. */
  as_of: IsoDateSchema,
  figures: z.array(AnalystFigureSchema),
  /** The analyst questions counted today and the plan's daily limit (remaining null when unlimited). */
  quota: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    remaining: z.number().int().nullable(),
  }),
});
export type AnalystAnswer = z.infer<typeof AnalystAnswerSchema>;
