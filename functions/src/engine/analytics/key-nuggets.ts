import { numberFormat } from '@app/shared/domain/rules/formatting';
import type { FactorName, FactorScore, KeyNugget, LocalizedText, SubScore } from '../types';
import { roundTo } from './statistics';

/*
 * Key nuggets: one short sentence per factor that moved the composite most, in en, fr and es,
 * naming the input that drove that factor. Contribution = effective weight x (oriented score - 50),
 * i.e. the composite points the factor added or removed relative to a neutral 50.
 */

export const MAX_KEY_NUGGETS = 3;
/** Contributions smaller than this (in composite points) are not worth a sentence. */
const MIN_CONTRIBUTION = 0.5;

const FACTOR_LABELS: Record<FactorName, LocalizedText> = {
  financial_health: { en: 'Financial health', fr: 'La santé financière', es: 'La salud financiera' },
  growth_quality: {
    en: 'Growth quality',
    fr: 'La qualité de la croissance',
    es: 'La calidad del crecimiento',
  },
  value: { en: 'Valuation', fr: 'La valorisation', es: 'La valoración' },
  momentum: { en: 'Momentum', fr: 'Le momentum', es: 'El impulso' },
  risk: { en: 'Risk', fr: 'Le risque', es: 'El riesgo' },
};

const INPUT_LABELS: Record<string, LocalizedText> = {
  momentum_3m: { en: '3-month change', fr: 'variation sur 3 mois', es: 'variación a 3 meses' },
  momentum_1m: { en: '1-month change', fr: 'variation sur 1 mois', es: 'variación a 1 mes' },
  momentum_1w: { en: '1-week change', fr: 'variation sur 1 semaine', es: 'variación a 1 semana' },
  volatility_1month: {
    en: 'annualised 1-month volatility',
    fr: 'volatilité annualisée sur 1 mois',
    es: 'volatilidad anualizada a 1 mes',
  },
  max_drawdown: {
    en: '1-year maximum drawdown',
    fr: 'baisse maximale sur 1 an',
    es: 'caída máxima en 1 año',
  },
  speculative_swing_3m: {
    en: 'size of the 3-month move',
    fr: 'ampleur du mouvement sur 3 mois',
    es: 'magnitud del movimiento a 3 meses',
  },
  profit_margin: { en: 'profit margin', fr: 'marge nette', es: 'margen neto' },
  debt_to_equity: { en: 'debt-to-equity', fr: 'dette sur fonds propres', es: 'deuda sobre patrimonio' },
  current_ratio: { en: 'current ratio', fr: 'ratio de liquidité générale', es: 'ratio de liquidez' },
  return_on_equity: {
    en: 'return on equity',
    fr: 'rentabilité des fonds propres',
    es: 'rentabilidad sobre patrimonio',
  },
  eps_ttm: { en: 'trailing EPS', fr: 'BPA sur 12 mois', es: 'BPA de 12 meses' },
  market_cap: { en: 'market capitalisation', fr: 'capitalisation boursière', es: 'capitalización bursátil' },
  revenue_growth: {
    en: 'revenue growth',
    fr: "croissance du chiffre d'affaires",
    es: 'crecimiento de ingresos',
  },
  earnings_growth: { en: 'earnings growth', fr: 'croissance des bénéfices', es: 'crecimiento de beneficios' },
  operating_margin_trend: {
    en: 'operating-margin change',
    fr: 'évolution de la marge opérationnelle',
    es: 'cambio del margen operativo',
  },
  pe_ratio: { en: 'P/E', fr: 'PER', es: 'PER' },
  dividend_yield: { en: 'dividend yield', fr: 'rendement du dividende', es: 'rentabilidad por dividendo' },
};

const LOCALES: Record<keyof LocalizedText, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };

function formatValue(component: SubScore, language: keyof LocalizedText): string {
  const value = component.value;
  if (value === null) return '-';
  if (!Number.isFinite(value))
    return language === 'en'
      ? 'negative equity'
      : language === 'fr'
        ? 'fonds propres négatifs'
        : 'patrimonio negativo';
  const locale = LOCALES[language];
  if (component.name === 'market_cap') {
    return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(value / 1e9)} bn USD`;
  }
  if (component.unit === 'percent') {
    const signed =
      component.name.startsWith('momentum') ||
      component.name.endsWith('growth') ||
      component.name.endsWith('trend');
    return `${numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(value)} %`;
  }
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/**
 * The input that pushed the factor most in the direction of its contribution: for a factor that
 * supports the score, the component furthest above neutral (weighted); for one that weighs on it, the
 * one furthest below. Risk components score riskiness, so their direction is reversed. A component
 * pulling the other way is never named: "momentum supports the score (3-month change -2.5 %)" would
 * contradict itself when the week and the month carried the factor.
 */
export function findMainDriver(factor: FactorScore, positive: boolean): SubScore | undefined {
  const direction = (positive ? 1 : -1) * (factor.higher_is_better ? 1 : -1);
  let best: SubScore | undefined;
  let bestPush = 0;
  for (const component of factor.components) {
    if (component.score === null) continue;
    const push = component.weight * (component.score - 50) * direction;
    if (push > bestPush) {
      best = component;
      bestPush = push;
    }
  }
  return best;
}

function buildSentence(factor: FactorScore, positive: boolean, driver: SubScore | undefined): LocalizedText {
  const label = FACTOR_LABELS[factor.name];
  const detail = (language: keyof LocalizedText): string => {
    if (!driver) return '';
    const inputLabel = INPUT_LABELS[driver.name]?.[language] ?? driver.name;
    return ` (${inputLabel} ${formatValue(driver, language)})`;
  };
  if (factor.name === 'risk') {
    // For risk, a positive contribution means low risk.
    return positive
      ? {
          en: `Low risk supports the score${detail('en')}`,
          fr: `Un risque faible soutient la note${detail('fr')}`,
          es: `Un riesgo bajo respalda la nota${detail('es')}`,
        }
      : {
          en: `High risk weighs on the score${detail('en')}`,
          fr: `Un risque élevé pèse sur la note${detail('fr')}`,
          es: `Un riesgo alto lastra la nota${detail('es')}`,
        };
  }
  return positive
    ? {
        en: `${label.en} supports the score${detail('en')}`,
        fr: `${label.fr} soutient la note${detail('fr')}`,
        es: `${label.es} respalda la nota${detail('es')}`,
      }
    : {
        en: `${label.en} weighs on the score${detail('en')}`,
        fr: `${label.fr} pèse sur la note${detail('fr')}`,
        es: `${label.es} lastra la nota${detail('es')}`,
      };
}

const NO_FUNDAMENTALS: LocalizedText = {
  en: 'No company fundamentals in the data: scored on price behaviour only',
  fr: 'Aucune donnée fondamentale : note fondée sur le seul comportement du prix',
  es: 'Sin datos fundamentales: nota basada solo en el comportamiento del precio',
};

/** Ranked nuggets: largest contributions first, then a data note when fundamentals are missing. */
export function describeKeyNuggets(factors: readonly FactorScore[]): KeyNugget[] {
  const ranked = factors
    .filter((factor) => factor.status !== 'no_data')
    .map((factor) => {
      const oriented = factor.higher_is_better ? factor.score : 100 - factor.score;
      return { factor, contribution: factor.effective_weight * (oriented - 50) };
    })
    .filter((entry) => Math.abs(entry.contribution) >= MIN_CONTRIBUTION)
    .sort((left, right) => Math.abs(right.contribution) - Math.abs(left.contribution))
    .slice(0, MAX_KEY_NUGGETS);
  const nuggets: KeyNugget[] = ranked.map(({ factor, contribution }) => ({
    factor: factor.name,
    impact: contribution > 0 ? 'positive' : 'negative',
    contribution: roundTo(contribution, 1),
    text: buildSentence(factor, contribution > 0, findMainDriver(factor, contribution > 0)),
  }));
  const fundamentalFactors: FactorName[] = ['financial_health', 'growth_quality', 'value'];
  if (factors.every((factor) => !fundamentalFactors.includes(factor.name) || factor.status === 'no_data')) {
    nuggets.push({ factor: 'data', impact: 'neutral', contribution: 0, text: NO_FUNDAMENTALS });
  }
  return nuggets;
}
