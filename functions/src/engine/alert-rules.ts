import type { AlertRule } from '@app/shared/domain/entities/alert-rules';
import type { Grade } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { ScoredCatalyst } from './catalysts/build-catalyst';
import {
  deriveAlertId,
  strongestHighImpactCatalyst,
  type SymbolSnapshot,
  type UserAlertDraft,
} from './catalysts/user-alerts';

/*
 * Custom alert rules (the custom_alerts feature): whether a rule fires on a symbol's current bar, and
 * the alert it raises. Pure: same rule, bar and catalysts, same answer and same alert id, so a poll
 * that runs twice over one bar raises each alert once.
 *
 *   price_above   previous close < level <= price   (crossed upwards on this bar)
 *   price_below   previous close > level >= price   (crossed downwards on this bar)
 *   daily_move    |change %| >= percent
 *   grade_change  the grade differs from the rule's baseline (the first evaluation only sets it)
 *   high_impact_catalyst  the strongest catalyst about the symbol with impact > 80
 */

export interface RuleEvaluation {
  /** The alert to write (its texts are messages, worded when read), or null when the rule does not fire. */
  alert: UserAlertDraft | null;
  /** The alert's dedupe key part (one alert per rule and bar, or per catalyst day). */
  day: string | null;
  /** For grade_change: the grade to remember (differs from the rule's baseline when it must be saved). */
  baselineGrade: Grade | null;
}

function crossing(rule: AlertRule, direction: 'above' | 'below', snapshot: SymbolSnapshot): Message | null {
  const { quote } = snapshot;
  const level = rule.level;
  if (level === null || quote.previous_close === null) return null;
  const crossed =
    direction === 'above'
      ? quote.previous_close < level && quote.price >= level
      : quote.previous_close > level && quote.price <= level;
  if (!crossed) return null;
  const params = {
    symbol: rule.symbol,
    level,
    price: quote.price,
    previous: quote.previous_close,
    date: quote.as_of,
  };
  return direction === 'above'
    ? message('ALERT_RULE_PRICE_ABOVE_MESSAGE', params)
    : message('ALERT_RULE_PRICE_BELOW_MESSAGE', params);
}

function dailyMove(rule: AlertRule, snapshot: SymbolSnapshot): Message | null {
  const change = snapshot.quote.change_percent;
  if (rule.percent === null || change === null || Math.abs(change) < rule.percent) return null;
  return message('ALERT_RULE_MOVE_MESSAGE', {
    symbol: rule.symbol,
    change,
    percent: rule.percent,
    date: snapshot.quote.as_of,
  });
}

function alertOf(
  userId: string,
  rule: AlertRule,
  day: string,
  key: `rule:${string}`,
  fields: Pick<UserAlertDraft, 'title' | 'severity' | 'type' | 'actionRequired'> & { message: Message },
  now: Date,
): UserAlertDraft {
  return {
    id: deriveAlertId(userId, rule.symbol, key, day),
    title: fields.title,
    description: fields.message,
    message: fields.message,
    severity: fields.severity,
    timestamp: now.toISOString(),
    type: fields.type,
    asset: rule.symbol,
    dismissed: false,
    actionRequired: fields.actionRequired,
  };
}

/** Whether `rule` fires on the symbol's current bar (and catalysts), and what to remember. */
export function evaluateAlertRule(input: {
  userId: string;
  rule: AlertRule;
  snapshot: SymbolSnapshot;
  catalysts: readonly ScoredCatalyst[];
  now: Date;
}): RuleEvaluation {
  const { userId, rule, snapshot, now } = input;
  const day = snapshot.quote.as_of;
  const key = `rule:${rule.id}` as const;
  const none: RuleEvaluation = { alert: null, day: null, baselineGrade: rule.baseline_grade };
  switch (rule.kind) {
    case 'price_above':
    case 'price_below': {
      const text = crossing(rule, rule.kind === 'price_above' ? 'above' : 'below', snapshot);
      if (!text) return none;
      const titleParams = { symbol: rule.symbol, level: rule.level as number };
      const title =
        rule.kind === 'price_above'
          ? message('ALERT_RULE_PRICE_ABOVE_TITLE', titleParams)
          : message('ALERT_RULE_PRICE_BELOW_TITLE', titleParams);
      return {
        ...none,
        day,
        alert: alertOf(
          userId,
          rule,
          day,
          key,
          { title, message: text, severity: 'high', type: 'price_alert', actionRequired: true },
          now,
        ),
      };
    }
    case 'daily_move': {
      const text = dailyMove(rule, snapshot);
      if (!text) return none;
      const change = snapshot.quote.change_percent as number;
      const title = message('ALERT_RULE_MOVE_TITLE', { symbol: rule.symbol, change });
      return {
        ...none,
        day,
        alert: alertOf(
          userId,
          rule,
          day,
          key,
          { title, message: text, severity: 'medium', type: 'price_movement', actionRequired: false },
          now,
        ),
      };
    }
    case 'grade_change': {
      const grade = snapshot.analysis.nugget_scores.investment_grade;
      if (rule.baseline_grade === null || rule.baseline_grade === grade)
        return { ...none, baselineGrade: grade };
      const from = rule.baseline_grade;
      const text = message('ALERT_RULE_GRADE_MESSAGE', { symbol: rule.symbol, from, to: grade, date: day });
      return {
        day,
        baselineGrade: grade,
        alert: alertOf(
          userId,
          rule,
          day,
          `${key}:${from}>${grade}`,
          {
            title: message('ALERT_RULE_GRADE_TITLE', { symbol: rule.symbol, from, to: grade }),
            message: text,
            severity: 'medium',
            type: 'ai_insight',
            actionRequired: false,
          },
          now,
        ),
      };
    }
    case 'high_impact_catalyst': {
      const symbol = rule.symbol.toUpperCase();
      const strongest = strongestHighImpactCatalyst(input.catalysts, symbol);
      if (!strongest) return none;
      const catalyst = strongest.catalyst;
      const published = catalyst.published_date.slice(0, 10);
      const text = message('ALERT_RULE_CATALYST_MESSAGE', {
        type: catalyst.event_type,
        symbol,
        headline: catalyst.title,
        impact: Math.round(catalyst.impact_score),
      });
      const negative = catalyst.sentiment_label === 'negative';
      return {
        ...none,
        day: published,
        alert: alertOf(
          userId,
          rule,
          published,
          key,
          {
            title: message('ALERT_CATALYST_TITLE', { headline: catalyst.title }),
            message: text,
            severity: negative ? 'high' : 'medium',
            type: catalyst.event_type === 'earnings' ? 'earnings' : 'market_news',
            actionRequired: negative,
          },
          now,
        ),
      };
    }
  }
}
