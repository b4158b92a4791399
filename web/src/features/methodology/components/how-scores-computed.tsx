import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { COMPOSITE_WEIGHTS, type ScoreFactorName } from '@app/shared/domain/rules/score-factors';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';

const FACTORS = Object.keys(COMPOSITE_WEIGHTS) as ScoreFactorName[];

/**
 * Where every "How is this computed?" link lands: the factors' formulas, their weights (the engine's
 * own, from shared), the composite, the direction points, the one risk scale, model confidence, the
 * data sources and how the track record is measured, in plain words (engine README "Nugget scores").
 */
export function HowScoresComputed() {
  const { t } = useTranslation(['methodology', 'glossary']);
  const { language } = usePreferences();
  return (
    <>
      <Card id="how-scores-are-computed" data-testid="how-scores-are-computed">
        <Heading level={2} fontSize="large">
          {t('howComputed.title')}
        </Heading>
        <Text>{t('howComputed.intro')}</Text>
        <Heading level={3} fontSize="medium">
          {t('howComputed.weightsTitle')}
        </Heading>
        <ul>
          {FACTORS.map((factor) => (
            <li key={factor} data-testid="factor-weight">
              <Text fontWeight="bold">
                {t('howComputed.weight', {
                  factor: t(
                    `glossary:terms.${factor === 'risk' ? 'risk_level' : (`${factor}_score` as const)}.label`,
                  ),
                  weight: formatNumber(COMPOSITE_WEIGHTS[factor] * 100, language, 0),
                })}
              </Text>
              <Text>{t(`factorRules.${factor}`)}</Text>
            </li>
          ))}
        </ul>
        <Text>{t('howComputed.composite')}</Text>
        <Text>{t('howComputed.direction')}</Text>
        <Text>{t('howComputed.riskLevel')}</Text>
        <Text>{t('howComputed.confidence')}</Text>
        <Text>{t('howComputed.target')}</Text>
      </Card>
      <Card id="data-sources">
        <Heading level={2} fontSize="large">
          {t('sources.title')}
        </Heading>
        <Text>{t('sources.body')}</Text>
      </Card>
      <Card id="track-record">
        <Heading level={2} fontSize="large">
          {t('trackRecordSection.title')}
        </Heading>
        <Text>{t('trackRecordSection.body')}</Text>
      </Card>
    </>
  );
}
