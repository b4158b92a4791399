import { Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DatedPeriod,
  NuggetScores,
  RiskMetrics,
  VolumeAnalysis,
} from '@app/shared/domain/entities/market';
import {
  drawdownColour,
  momentumColour,
  sharpeColour,
  volumeRatioBarWidth,
} from '@app/shared/domain/rules/display-thresholds';
import { formatDate } from '@app/shared/domain/rules/formatting';
import type { GlossaryTerm } from '@app/shared/domain/rules/score-glossary';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { useGlossaryValue, type GlossaryFigure } from './glossary-value';
import { GlossaryLabel } from './glossary-label';
import { SharpeBesideGrade } from './sharpe-beside-grade';
import { toneClass } from './tone';

export interface VolumeRiskCardProps {
  volume: VolumeAnalysis;
  risk: RiskMetrics;
  /** The asset's scores, to say what carries the grade when the past year's Sharpe is negative. */
  scores: NuggetScores;
}

/**
 * docs/product.md "Screens", recommendations: volume analysis and risk metrics, coloured by the display
 * thresholds of "Business rules and limits". Each label is the glossary's (linked to its meaning) and each
 * value carries its unit (issue 28).
 */
export function VolumeRiskCard({ volume, risk, scores }: VolumeRiskCardProps) {
  const { t } = useTranslation(['recommendations', 'common', 'glossary']);
  const { language } = usePreferences();
  const value: (term: GlossaryTerm, figure: GlossaryFigure) => string = useGlossaryValue();
  // The dates a change compares: a replayed month is a month of the market's calendar, so say which.
  const periodText = (period: DatedPeriod | null) =>
    period ? (
      <span className="app-muted">
        {' '}
        (
        {t('common:replay.period', {
          from: formatDate(`${period.from}T00:00:00Z`, language, 'UTC'),
          to: formatDate(`${period.to}T00:00:00Z`, language, 'UTC'),
        })}
        )
      </span>
    ) : null;
  const momentumTone = (figure: number | null) =>
    figure === null ? undefined : toneClass(momentumColour(figure));
  const barWidth = volumeRatioBarWidth(volume.volume_ratio_20d);
  const row = (term: GlossaryTerm, content: ReactNode, className?: string) => (
    <div data-glossary-row={term}>
      <dt>
        <GlossaryLabel term={term} />
      </dt>
      <dd className={className}>{content}</dd>
    </div>
  );

  return (
    <Card className="rec-volume-risk">
      <Heading level={3} fontSize="large">
        {t('volumeRisk.title')}
      </Heading>
      <div className="rec-grid">
        <section aria-label={t('volumeRisk.volumeTitle')}>
          <Heading level={4} fontSize="medium">
            {t('volumeRisk.volumeTitle')}
          </Heading>
          <dl className="rec-metrics">
            {row('volume_breakout', value('volume_breakout', volume.volume_breakout))}
            {row(
              'volume_ratio_20d',
              <>
                {value('volume_ratio_20d', volume.volume_ratio_20d)}{' '}
                <span className="app-muted">({t('glossary:terms.volume_ratio_20d.unit')})</span>
                <div
                  className="rec-bar"
                  role="meter"
                  aria-label={t('glossary:terms.volume_ratio_20d.label')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(barWidth)}
                  data-testid="volume-ratio-bar"
                >
                  <div className="rec-bar__fill" style={{ width: `${barWidth}%` }} />
                </div>
              </>,
            )}
            {row('volume_surge_level', value('volume_surge_level', volume.volume_surge_level))}
            {row('obv_trend', value('obv_trend', volume.obv_trend))}
            {row(
              'accumulation_distribution',
              value('accumulation_distribution', volume.accumulation_distribution),
            )}
          </dl>
        </section>
        <section aria-label={t('volumeRisk.riskTitle')}>
          <Heading level={4} fontSize="medium">
            {t('volumeRisk.riskTitle')}
          </Heading>
          <dl className="rec-metrics">
            {row('volatility_1month', value('volatility_1month', risk.volatility_1month))}
            {row('volatility_regime', value('volatility_regime', risk.volatility_regime))}
            {row(
              'momentum_1w',
              <>
                {value('momentum_1w', risk.momentum_1w)}
                {periodText(risk.momentum_periods.momentum_1w)}
              </>,
              momentumTone(risk.momentum_1w),
            )}
            {row(
              'momentum_1m',
              <>
                {value('momentum_1m', risk.momentum_1m)}
                {periodText(risk.momentum_periods.momentum_1m)}
              </>,
              momentumTone(risk.momentum_1m),
            )}
            {row(
              'momentum_3m',
              <>
                {value('momentum_3m', risk.momentum_3m)}
                {periodText(risk.momentum_periods.momentum_3m)}
              </>,
              momentumTone(risk.momentum_3m),
            )}
            {row(
              'max_drawdown',
              value('max_drawdown', risk.max_drawdown),
              risk.max_drawdown === null ? undefined : toneClass(drawdownColour(risk.max_drawdown)),
            )}
            {row(
              'sharpe_estimation',
              value('sharpe_estimation', risk.sharpe_estimation),
              risk.sharpe_estimation === null ? undefined : toneClass(sharpeColour(risk.sharpe_estimation)),
            )}
          </dl>
          <SharpeBesideGrade sharpe={risk.sharpe_estimation} scores={scores} />
        </section>
      </div>
    </Card>
  );
}
