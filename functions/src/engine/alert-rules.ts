import type { AlertRule } from '@app/shared/domain/entities/alert-rules';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import type { Grade } from '@app/shared/domain/enums';
import { isHighImpact } from '@app/shared/domain/rules/catalysts';
import type { ScoredCatalyst } from './catalysts/build-catalyst';
import { CATALYST_TYPE_NAMES, formatLocalNumber } from './catalysts/catalyst-names';
import { deriveAlertId, type SymbolSnapshot } from './catalysts/user-alerts';

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
  /** The alert to write, or null when the rule does not fire. */
  alert: UserAlert | null;
  /** The alert's dedupe key part (one alert per rule and bar, or per catalyst day). */
  day: string | null;
  /** For grade_change: the grade to remember (differs from the rule's baseline when it must be saved). */
  baselineGrade: Grade | null;
}

const price = (value: number, language: 'en' | 'fr' | 'es') => formatLocalNumber(value, 2, language);

function crossing(
  rule: AlertRule,
  direction: 'above' | 'below',
  snapshot: SymbolSnapshot,
): LocalizedText | null {
  const { quote } = snapshot;
  const level = rule.level;
  if (level === null || quote.previous_close === null) return null;
  const crossed =
    direction === 'above'
      ? quote.previous_close < level && quote.price >= level
      : quote.previous_close > level && quote.price <= level;
  if (!crossed) return null;
  const [en, fr, es] =
    direction === 'above'
      ? ['rose above', 'est passé au-dessus de', 'subió por encima de']
      : ['fell below', 'est passé sous', 'bajó por debajo de'];
  return {
    en: `${rule.symbol} ${en} your level of ${price(level, 'en')} on ${quote.as_of}: ${price(quote.price, 'en')} (previous close ${price(quote.previous_close, 'en')}). Your rule fired; check the grade before acting.`,
    fr: `${rule.symbol} ${fr} votre seuil de ${price(level, 'fr')} le ${quote.as_of} : ${price(quote.price, 'fr')} (clôture précédente ${price(quote.previous_close, 'fr')}). Votre règle s'est déclenchée ; vérifiez la note avant d'agir.`,
    es: `${rule.symbol} ${es} su nivel de ${price(level, 'es')} el ${quote.as_of}: ${price(quote.price, 'es')} (cierre anterior ${price(quote.previous_close, 'es')}). Su regla se activó; revise la calificación antes de actuar.`,
  };
}

function dailyMove(rule: AlertRule, snapshot: SymbolSnapshot): LocalizedText | null {
  const change = snapshot.quote.change_percent;
  if (rule.percent === null || change === null || Math.abs(change) < rule.percent) return null;
  const signed = (language: 'en' | 'fr' | 'es') =>
    `${change > 0 ? '+' : '-'}${formatLocalNumber(Math.abs(change), 1, language)}`;
  const limit = (language: 'en' | 'fr' | 'es') => formatLocalNumber(rule.percent as number, 1, language);
  const day = snapshot.quote.as_of;
  return {
    en: `${rule.symbol} moved ${signed('en')} % on ${day}, beyond your ${limit('en')} % rule. Do not chase or panic: read why first.`,
    fr: `${rule.symbol} a varié de ${signed('fr')} % le ${day}, au-delà de votre règle de ${limit('fr')} %. Ni précipitation ni panique : cherchez d'abord pourquoi.`,
    es: `${rule.symbol} se movió ${signed('es')} % el ${day}, más allá de su regla del ${limit('es')} %. Sin prisas ni pánico: averigüe primero por qué.`,
  };
}

function alertOf(
  userId: string,
  rule: AlertRule,
  day: string,
  key: `rule:${string}`,
  fields: Pick<UserAlert, 'title' | 'severity' | 'type' | 'actionRequired'> & { message: LocalizedText },
  now: Date,
): UserAlert {
  return {
    id: deriveAlertId(userId, rule.symbol, key, day),
    title: fields.title,
    description: fields.message.en,
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
      const message = crossing(rule, rule.kind === 'price_above' ? 'above' : 'below', snapshot);
      if (!message) return none;
      const title = `${rule.symbol} ${rule.kind === 'price_above' ? 'above' : 'below'} ${price(rule.level as number, 'en')}`;
      return {
        ...none,
        day,
        alert: alertOf(
          userId,
          rule,
          day,
          key,
          { title, message, severity: 'high', type: 'price_alert', actionRequired: true },
          now,
        ),
      };
    }
    case 'daily_move': {
      const message = dailyMove(rule, snapshot);
      if (!message) return none;
      const change = snapshot.quote.change_percent as number;
      const title = `${rule.symbol} ${change > 0 ? 'up' : 'down'} ${Math.abs(change).toFixed(1)} %`;
      return {
        ...none,
        day,
        alert: alertOf(
          userId,
          rule,
          day,
          key,
          { title, message, severity: 'medium', type: 'price_movement', actionRequired: false },
          now,
        ),
      };
    }
    case 'grade_change': {
      const grade = snapshot.analysis.nugget_scores.investment_grade;
      if (rule.baseline_grade === null || rule.baseline_grade === grade)
        return { ...none, baselineGrade: grade };
      const from = rule.baseline_grade;
      const message: LocalizedText = {
        en: `${rule.symbol} is now graded ${grade} (was ${from}) as of ${day}. Read what changed before acting.`,
        fr: `${rule.symbol} est désormais noté ${grade} (au lieu de ${from}) au ${day}. Lisez ce qui a changé avant d'agir.`,
        es: `${rule.symbol} tiene ahora la calificación ${grade} (antes ${from}) a ${day}. Lea qué cambió antes de actuar.`,
      };
      return {
        day,
        baselineGrade: grade,
        alert: alertOf(
          userId,
          rule,
          day,
          `${key}:${from}>${grade}`,
          {
            title: `${rule.symbol}: grade ${from} to ${grade}`,
            message,
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
      const strongest = input.catalysts
        .filter(
          (entry) =>
            isHighImpact(entry.catalyst.impact_score) &&
            (entry.catalyst.symbol.toUpperCase() === symbol ||
              entry.catalyst.tickers_mentioned.includes(symbol)),
        )
        .sort((left, right) => right.catalyst.impact_score - left.catalyst.impact_score)[0];
      if (!strongest) return none;
      const catalyst = strongest.catalyst;
      const published = catalyst.published_date.slice(0, 10);
      const type = CATALYST_TYPE_NAMES[catalyst.event_type];
      const impact = catalyst.impact_score.toFixed(0);
      const message: LocalizedText = {
        en: `High-impact ${type.en} news on ${symbol}, as your rule asked: "${catalyst.title}" (impact ${impact}/100). Read the source before acting.`,
        fr: `Actualité à fort impact (${type.fr}) sur ${symbol}, comme votre règle le demande : « ${catalyst.title} » (impact ${impact}/100). Lisez la source avant d'agir.`,
        es: `Noticia de alto impacto (${type.es}) sobre ${symbol}, como pide su regla: «${catalyst.title}» (impacto ${impact}/100). Lea la fuente antes de actuar.`,
      };
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
            title: catalyst.title,
            message,
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
