import * as z from 'zod';
import { GradeSchema } from '../enums';
import { LimitSchema } from './subscription';
import { IsoDateTimeSchema, SymbolSchema } from './common';

/**
 * Custom alert rules (the custom_alerts feature, PRO): a rule watches one symbol, and the price poll
 * raises an alert on the alerts screen when it fires, at most once per rule and bar.
 *
 * - price_above / price_below: the price crosses `level` on a bar (the previous close on one side, the
 *   price on or past it);
 * - daily_move: the day's move is `percent` or more, up or down;
 * - grade_change: the engine's grade differs from the grade the rule last saw;
 * - high_impact_catalyst: a news catalyst about the symbol with an impact above 80.
 */

export const ALERT_RULE_KINDS = [
  'price_above',
  'price_below',
  'daily_move',
  'grade_change',
  'high_impact_catalyst',
] as const;
export const AlertRuleKindSchema = z.enum(ALERT_RULE_KINDS);
export type AlertRuleKind = z.infer<typeof AlertRuleKindSchema>;

const PriceLevelSchema = z.number().positive().max(100_000_000);
/** A daily move of at least 0.1 % and at most 100 %. */
const MovePercentSchema = z.number().min(0.1).max(100);

/** What the rule form sends (create and edit). */
export const AlertRuleInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('price_above'), symbol: SymbolSchema, level: PriceLevelSchema }),
  z.strictObject({ kind: z.literal('price_below'), symbol: SymbolSchema, level: PriceLevelSchema }),
  z.strictObject({ kind: z.literal('daily_move'), symbol: SymbolSchema, percent: MovePercentSchema }),
  z.strictObject({ kind: z.literal('grade_change'), symbol: SymbolSchema }),
  z.strictObject({ kind: z.literal('high_impact_catalyst'), symbol: SymbolSchema }),
]);
export type AlertRuleInput = z.infer<typeof AlertRuleInputSchema>;

export const AlertRuleSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: AlertRuleKindSchema,
  /** price_above / price_below only. */
  level: z.number().nullable(),
  /** daily_move only. */
  percent: z.number().nullable(),
  /** Paused while the owner's plan lacks custom_alerts (kept, resumed when it returns). */
  status: z.enum(['active', 'paused']),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
  last_triggered_at: IsoDateTimeSchema.nullable(),
  /** grade_change: the grade the rule last saw (null until the first poll after it was set). */
  baseline_grade: GradeSchema.nullable(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const AlertRulesResponseSchema = z.object({
  rules: z.array(AlertRuleSchema),
  /** How many rules the plan keeps (-1 unlimited, 0 none) and how many the account has. */
  limit: LimitSchema,
  used: z.number().int().min(0),
  /** True when the plan lacks custom_alerts: every rule is paused. */
  paused: z.boolean(),
});
