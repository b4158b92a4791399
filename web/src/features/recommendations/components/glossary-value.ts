import { useTranslation } from 'react-i18next';
import type { Language } from '@app/shared/domain/enums';
import { formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { riskLabel } from '@app/shared/domain/rules/display-thresholds';
import { SCORE_GLOSSARY, type GlossaryTerm } from '@app/shared/domain/rules/score-glossary';
import { usePreferences } from '@/kit/preferences/preferences';

/** The words of an engine level (LOW, BULLISH...), in the recommendations namespace's enum labels. */
const LEVEL_KEYS: Partial<Record<GlossaryTerm, string>> = {
  volatility_regime: 'recommendations:volumeRisk.regimes',
  volume_surge_level: 'recommendations:volumeRisk.surge',
  obv_trend: 'recommendations:volumeRisk.obv',
};

const BILLION = 1e9;

export type GlossaryFigure = number | string | boolean | null | undefined;

/**
 * Formats a figure as a reader sees it: in their number format, with its unit (issue 28: never a
 * bare "109,407,858").
 */
export function useGlossaryValue(): (term: GlossaryTerm, value: GlossaryFigure) => string {
  const { t } = useTranslation(['glossary', 'recommendations', 'common']);
  const { language } = usePreferences();
  return (term, value) => formatFigure(term, value, language, t);
}

type GlossaryT = ReturnType<typeof useTranslation<readonly ['glossary', 'recommendations', 'common']>>['t'];

function formatFigure(term: GlossaryTerm, value: GlossaryFigure, language: Language, t: GlossaryT): string {
  if (value === null || value === undefined || value === '') return t('glossary:notAvailable');
  if (typeof value === 'boolean' || value === 'true' || value === 'false') {
    const yes = value === true || value === 'true';
    return t(yes ? 'common:status.yes' : 'common:status.no');
  }
  if (typeof value === 'string') {
    const levelKey = LEVEL_KEYS[term];
    return levelKey ? t(`${levelKey}.${value}`, { defaultValue: value }) : value;
  }
  switch (SCORE_GLOSSARY[term]) {
    case 'percent':
      return formatPercent(value, language);
    case 'signedPercent':
      return formatPercent(value, language, { signed: true });
    case 'signedPoints':
      return `${value > 0 ? '+' : ''}${formatNumber(value, language, 1)} ${t('glossary:pts')}`;
    case 'usd':
      return t('glossary:usd', { value: formatNumber(value, language, 2) });
    case 'usdBillions':
      return t('glossary:billions', { value: formatNumber(value / BILLION, language, 1) });
    case 'shares':
      return t('glossary:shares', { value: formatNumber(value, language, 0) });
    case 'score':
      return t('glossary:factorScore', { score: formatNumber(value, language, 1) });
    case 'riskLevel':
      return t('glossary:riskLevelValue', {
        level: formatNumber(value, language, 0),
        label: t(`recommendations:risk.${riskLabel(value)}`),
      });
    default:
      return formatNumber(value, language, 2);
  }
}
