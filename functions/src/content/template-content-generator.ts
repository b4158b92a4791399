import { render } from '../platform/messages';
import type { Language } from '@app/shared/domain/enums';
import { dateFormat, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import type { RecommendationAction, VolatilityRegime } from '../engine/types';
import type { ContentGenerator, ContentRequest, ContentTheme, GeneratedPost } from './content-generator';
import { assertNoPromiseLanguage, withDisclaimer } from './content-policy';

/**
 * The default generator: fixed templates in en, fr and es filled with the engine's figures. The same
 * request always gives the same post, and nothing in a template can promise a return.
 */

const ACTION_WORDS: Readonly<Record<Language, Record<RecommendationAction, string>>> = {
  en: { STRONG_BUY: 'strong buy', BUY: 'buy', HOLD: 'hold', SELL: 'sell', STRONG_SELL: 'strong sell' },
  fr: {
    STRONG_BUY: 'achat fort',
    BUY: 'achat',
    HOLD: 'conserver',
    SELL: 'vente',
    STRONG_SELL: 'vente forte',
  },
  es: {
    STRONG_BUY: 'compra fuerte',
    BUY: 'compra',
    HOLD: 'mantener',
    SELL: 'venta',
    STRONG_SELL: 'venta fuerte',
  },
};

const REGIME_WORDS: Readonly<Record<Language, Record<VolatilityRegime, string>>> = {
  en: { HIGH: 'high', MODERATE: 'moderate', LOW: 'low' },
  fr: { HIGH: 'élevée', MODERATE: 'modérée', LOW: 'faible' },
  es: { HIGH: 'alta', MODERATE: 'moderada', LOW: 'baja' },
};

const IMPACT_WORDS: Readonly<Record<Language, Record<'HIGH' | 'MEDIUM' | 'LOW', string>>> = {
  en: { HIGH: 'high', MEDIUM: 'medium', LOW: 'low' },
  fr: { HIGH: 'fort', MEDIUM: 'moyen', LOW: 'faible' },
  es: { HIGH: 'alto', MEDIUM: 'medio', LOW: 'bajo' },
};

const SENTIMENT_WORDS: Readonly<Record<Language, Record<'positive' | 'negative' | 'neutral', string>>> = {
  en: { positive: 'positive', negative: 'negative', neutral: 'neutral' },
  fr: { positive: 'positif', negative: 'négatif', neutral: 'neutre' },
  es: { positive: 'positivo', negative: 'negativo', neutral: 'neutral' },
};

const NOT_AVAILABLE: Readonly<Record<Language, string>> = { en: 'n/a', fr: 'n.d.', es: 'n/d' };

const HASHTAGS: Readonly<Record<Language, { base: string[]; theme: Record<ContentTheme, string> }>> = {
  en: {
    base: ['#NuggetInvest', '#LongTermInvesting'],
    theme: { quality: '#QualityFirst', volatility: '#RiskManagement', factors: '#InvestingEducation' },
  },
  fr: {
    base: ['#NuggetInvest', '#InvestirLongTerme'],
    theme: { quality: '#LaQualiteDabord', volatility: '#GestionDuRisque', factors: '#EducationFinanciere' },
  },
  es: {
    base: ['#NuggetInvest', '#InversionALargoPlazo'],
    theme: { quality: '#CalidadPrimero', volatility: '#GestionDelRiesgo', factors: '#EducacionFinanciera' },
  },
};

/** A post's figures in its language's locale, through the one formatter (docs/product.md "Business rules and limits"). */
function percent(value: number | null, language: Language, signed = false): string {
  if (value === null) return NOT_AVAILABLE[language];
  return formatPercent(value, language, { signed });
}

function score(value: number, language: Language): string {
  return formatNumber(value, language, 1);
}

function longDate(isoDate: string, language: Language): string {
  return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** Hashtag-safe symbol: ^GSPC -> GSPC, BTC-USD -> BTCUSD. */
export function symbolHashtag(symbol: string): string {
  return `#${symbol.replace(/[^A-Za-z0-9]/g, '')}`;
}

function dataLine(request: ContentRequest): string {
  const date = longDate(request.focus.price_date, request.language);
  const replay = request.focus.data_mode === 'replay';
  switch (request.language) {
    case 'fr':
      return replay ? `Chiffres : rejeu historique, cours du ${date}.` : `Chiffres : cours du ${date}.`;
    case 'es':
      return replay ? `Cifras: reproducción histórica, precios del ${date}.` : `Cifras: precios del ${date}.`;
    default:
      return replay ? `Figures: historical replay, prices of ${date}.` : `Figures: prices of ${date}.`;
  }
}

function qualityBody(request: ContentRequest): string {
  const { focus, language } = request;
  const name = `${focus.name} (${focus.symbol})`;
  const grade = focus.investment_grade;
  const composite = score(focus.composite_rationality_score, language);
  const month = percent(focus.momentum_1m, language, true);
  switch (language) {
    case 'fr':
      return `${name} obtient la note ${grade} aujourd'hui, avec un score de rationalité de ${composite}/100. Une note pèse la santé financière, la croissance, la valorisation, la dynamique et le risque, pas l'engouement. Sur le dernier mois, son cours a varié de ${month}. La qualité d'abord, la patience toujours.`;
    case 'es':
      return `${name} obtiene la nota ${grade} hoy, con una puntuación de racionalidad de ${composite}/100. Una nota pondera la salud financiera, el crecimiento, el valor, el impulso y el riesgo, no la euforia. En el último mes su precio varió un ${month}. Primero la calidad, siempre la paciencia.`;
    default:
      return `${name} is graded ${grade} today, with a rationality score of ${composite}/100. A grade weighs financial health, growth, value, momentum and risk, not hype. Over the last month its price moved ${month}. Quality first, patience always.`;
  }
}

function volatilityBody(request: ContentRequest): string {
  const { focus, language } = request;
  const name = `${focus.name} (${focus.symbol})`;
  const drawdown = percent(focus.max_drawdown, language);
  if (focus.volatility_1month === null || focus.volatility_regime === null) {
    switch (language) {
      case 'fr':
        return `Point volatilité : ${name} n'a pas encore assez d'historique de cours pour mesurer sa volatilité. Sans mesure du risque, la prudence s'impose : commencez petit ou attendez.`;
      case 'es':
        return `Control de volatilidad: ${name} aún no tiene suficiente historial de precios para medir su volatilidad. Sin medida del riesgo, la prudencia manda: empieza en pequeño o espera.`;
      default:
        return `Volatility check: ${name} does not have enough price history yet to measure its volatility. Without a measure of risk, caution comes first: start small or wait.`;
    }
  }
  const volatility = percent(focus.volatility_1month, language);
  const regime = REGIME_WORDS[language][focus.volatility_regime];
  switch (language) {
    case 'fr':
      return `Point volatilité : ${name} varie de ${volatility} par an d'après son dernier mois de cours (volatilité ${regime}), et sa plus forte baisse sur un an a été de ${drawdown}. Les fortes variations jouent dans les deux sens : dimensionnez vos positions pour qu'un mauvais mois ne vous force pas à vendre.`;
    case 'es':
      return `Control de volatilidad: ${name} oscila un ${volatility} anual según su último mes de precios (volatilidad ${regime}), y su mayor caída en el último año fue del ${drawdown}. Las grandes oscilaciones cortan en ambos sentidos: dimensione sus posiciones para que un mal mes no le obligue a vender.`;
    default:
      return `Volatility check: ${name} swings ${volatility} a year on its last month of prices (${regime} volatility), and its deepest fall over the past year was ${drawdown}. Big swings cut both ways: size positions so that a bad month does not force a sale.`;
  }
}

function factorsBody(request: ContentRequest): string {
  const { focus, language, catalyst } = request;
  const name = `${focus.name} (${focus.symbol})`;
  const composite = score(focus.composite_rationality_score, language);
  const risk = score(focus.risk_score, language);
  const quarter = percent(focus.momentum_3m, language, true);
  const action = ACTION_WORDS[language][focus.action];
  const nugget = focus.key_nugget ? render(focus.key_nugget, language) : NOT_AVAILABLE[language];
  const lines: string[] = [];
  switch (language) {
    case 'fr':
      lines.push(
        `Derrière la note : ${name} obtient ${composite}/100 (${focus.investment_grade}), avis du moteur : ${action}. Score de risque ${risk}/100 ; dynamique sur 3 mois ${quarter}. Facteur principal : ${nugget}`,
      );
      if (catalyst)
        lines.push(
          `Événement à peser : « ${catalyst.title} » (impact ${IMPACT_WORDS.fr[catalyst.impact_level]}, ton ${SENTIMENT_WORDS.fr[catalyst.sentiment_label]}). Un titre de presse invite à relire les chiffres, pas à trader dessus.`,
        );
      break;
    case 'es':
      lines.push(
        `Detrás de la nota: ${name} obtiene ${composite}/100 (${focus.investment_grade}), opinión del motor: ${action}. Puntuación de riesgo ${risk}/100; impulso a 3 meses ${quarter}. Factor principal: ${nugget}`,
      );
      if (catalyst)
        lines.push(
          `Evento a considerar: «${catalyst.title}» (impacto ${IMPACT_WORDS.es[catalyst.impact_level]}, tono ${SENTIMENT_WORDS.es[catalyst.sentiment_label]}). Un titular es motivo para releer las cifras, no para operar con él.`,
        );
      break;
    default:
      lines.push(
        `Behind the grade: ${name} scores ${composite}/100 (${focus.investment_grade}), engine view: ${action}. Risk score ${risk}/100; 3-month momentum ${quarter}. Main factor: ${nugget}`,
      );
      if (catalyst)
        lines.push(
          `Event to weigh: "${catalyst.title}" (${IMPACT_WORDS.en[catalyst.impact_level]} impact, ${SENTIMENT_WORDS.en[catalyst.sentiment_label]} tone). A headline is a reason to re-read the numbers, not to trade on them.`,
        );
  }
  return lines.join('\n\n');
}

const BODIES: Readonly<Record<ContentTheme, (request: ContentRequest) => string>> = {
  quality: qualityBody,
  volatility: volatilityBody,
  factors: factorsBody,
};

export function hashtagsFor(request: ContentRequest): string[] {
  const tags = HASHTAGS[request.language];
  return [...tags.base, tags.theme[request.theme], symbolHashtag(request.focus.symbol)];
}

export function renderTemplatePost(request: ContentRequest): GeneratedPost {
  const body = `${BODIES[request.theme](request)}\n\n${dataLine(request)}`;
  const content = withDisclaimer(body, request.language);
  assertNoPromiseLanguage(content);
  return { content, hashtags: hashtagsFor(request) };
}

export function createTemplateContentGenerator(): ContentGenerator {
  return {
    name: 'template/1',
    generate: async (request) => renderTemplatePost(request),
  };
}
