import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CONFIDENCE_GREEN_MIN,
  CONFIDENCE_YELLOW_MIN,
  MAX_DRAWDOWN_ALERT_PERCENT,
  MOMENTUM_THRESHOLD_PERCENT,
  RISK_LEVEL_LOW_MAX,
  RISK_LEVEL_MEDIUM_MAX,
  RISK_SCORE_GREEN_MAX,
  RISK_SCORE_YELLOW_MAX,
  SCORE_BLUE_MIN,
  SCORE_GREEN_MIN,
  SCORE_YELLOW_MIN,
  SHARPE_GREEN_ABOVE,
  SHARPE_YELLOW_ABOVE,
  VOLUME_RATIO_BAR_SCALE,
} from '@app/shared/domain/rules/display-thresholds';
import { GRADE_THRESHOLDS, LOWEST_GRADE } from '@app/shared/domain/rules/grades';
import { Card } from '@/kit/ui/card';
import { BacktestSection } from '../backtest/backtest-section';
import { HowScoresComputed } from './how-scores-computed';
import { ScoreGlossaryList } from './score-glossary-list';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** Sections of the methodology namespace, in reading order (functions/src/engine/README.md). */
const SECTIONS = [
  'dataSource',
  'returns',
  'standardDeviation',
  'annualisation',
  'volatility',
  'momentum',
  'maxDrawdown',
  'sharpe',
  'volumeRatio',
  'obv',
  'chaikin',
  'nuggetScores',
  'composite',
] as const;

/** How every indicator, score, grade and colour is computed; linked from "Why this grade". */
export function MethodologyPage() {
  const { t } = useTranslation('methodology');
  useScrollToHash();
  const lowestGradeMax = GRADE_THRESHOLDS[GRADE_THRESHOLDS.length - 1]?.minScore ?? 0;
  return (
    <Flex direction="column" gap="medium" as="article">
      <Heading level={1}>{t('title')}</Heading>
      <Text className="app-muted">{t('subtitle')}</Text>
      <Text>{t('intro')}</Text>
      <a href="#glossary">{t('glossaryLink')}</a>
      <HowScoresComputed />
      {SECTIONS.map((section) => (
        <Card key={section}>
          <Heading level={2} fontSize="large">
            {t(`${section}.title`)}
          </Heading>
          <Text>{t(`${section}.body`)}</Text>
        </Card>
      ))}
      <Card>
        <Heading level={2} fontSize="large">
          {t('grades.title')}
        </Heading>
        <Text>{t('grades.body')}</Text>
        <ul>
          {GRADE_THRESHOLDS.map((entry) => (
            <li key={entry.grade}>{t('grades.row', { grade: entry.grade, min: entry.minScore })}</li>
          ))}
          <li>{t('grades.rowBelow', { grade: LOWEST_GRADE, max: lowestGradeMax })}</li>
        </ul>
        <Text>{t('grades.speculation')}</Text>
      </Card>
      <Card>
        <Heading level={2} fontSize="large">
          {t('colours.title')}
        </Heading>
        <ul>
          <li>
            {t('colours.scores', { green: SCORE_GREEN_MIN, blue: SCORE_BLUE_MIN, yellow: SCORE_YELLOW_MIN })}
          </li>
          <li>{t('colours.risk', { green: RISK_SCORE_GREEN_MAX, yellow: RISK_SCORE_YELLOW_MAX })}</li>
          <li>{t('colours.confidence', { green: CONFIDENCE_GREEN_MIN, yellow: CONFIDENCE_YELLOW_MIN })}</li>
          <li>{t('colours.volume', { scale: VOLUME_RATIO_BAR_SCALE })}</li>
          <li>{t('colours.momentum', { threshold: MOMENTUM_THRESHOLD_PERCENT })}</li>
          <li>{t('colours.drawdown', { threshold: MAX_DRAWDOWN_ALERT_PERCENT })}</li>
          <li>{t('colours.sharpe', { green: SHARPE_GREEN_ABOVE, yellow: SHARPE_YELLOW_ABOVE })}</li>
          <li>{t('colours.riskLevel', { low: RISK_LEVEL_LOW_MAX, medium: RISK_LEVEL_MEDIUM_MAX })}</li>
        </ul>
      </Card>
      <BacktestSection />
      <Card>
        <Heading level={2} fontSize="large">
          {t('limitations.title')}
        </Heading>
        <Text>{t('limitations.body')}</Text>
      </Card>
      <ScoreGlossaryList />
      <Link to="/recommendations">{t('backToRecommendations')}</Link>
    </Flex>
  );
}
