import { Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { DatedPeriod, RiskMetrics, VolumeAnalysis } from '@app/shared/domain/entities/market';
import {
  drawdownColour,
  momentumColour,
  sharpeColour,
  volumeRatioBarWidth,
} from '@app/shared/domain/rules/display-thresholds';
import { formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { formatOptional } from './format-helpers';
import { toneClass } from './tone';

export interface VolumeRiskCardProps {
  volume: VolumeAnalysis;
  risk: RiskMetrics;
}

/** Part 2 section 2: volume analysis and risk metrics, coloured by the part 2 section 9 thresholds. */
export function VolumeRiskCard({ volume, risk }: VolumeRiskCardProps) {
  const { t } = useTranslation(['recommendations', 'common']);
  const { language } = usePreferences();
  const percent = (value: number) => formatPercent(value, language, { signed: true });
  const plainPercent = (value: number) => formatPercent(value, language);
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
  const momentumTone = (value: number | null) =>
    value === null ? undefined : toneClass(momentumColour(value));
  const barWidth = volumeRatioBarWidth(volume.volume_ratio_20d);

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
            <div>
              <dt>{t('volumeRisk.volumeBreakout')}</dt>
              <dd>
                {volume.volume_breakout === null
                  ? '–'
                  : t(volume.volume_breakout ? 'common:status.yes' : 'common:status.no')}
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.volumeRatio')}</dt>
              <dd>
                {formatOptional(volume.volume_ratio_20d, (value) => `${formatNumber(value, language, 2)}x`)}
                <div
                  className="rec-bar"
                  role="meter"
                  aria-label={t('volumeRisk.volumeRatio')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(barWidth)}
                  data-testid="volume-ratio-bar"
                >
                  <div className="rec-bar__fill" style={{ width: `${barWidth}%` }} />
                </div>
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.surgeLevel')}</dt>
              <dd>{volume.volume_surge_level ? t(`volumeRisk.surge.${volume.volume_surge_level}`) : '–'}</dd>
            </div>
            <div>
              <dt>{t('volumeRisk.obvTrend')}</dt>
              <dd>{volume.obv_trend ? t(`volumeRisk.obv.${volume.obv_trend}`) : '–'}</dd>
            </div>
            <div>
              <dt>{t('volumeRisk.accumulationDistribution')}</dt>
              <dd>
                {formatOptional(volume.accumulation_distribution, (value) =>
                  formatNumber(value, language, 0),
                )}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-label={t('volumeRisk.riskTitle')}>
          <Heading level={4} fontSize="medium">
            {t('volumeRisk.riskTitle')}
          </Heading>
          <dl className="rec-metrics">
            <div>
              <dt>{t('volumeRisk.volatility1m')}</dt>
              <dd>{formatOptional(risk.volatility_1month, plainPercent)}</dd>
            </div>
            <div>
              <dt>{t('volumeRisk.volatilityRegime')}</dt>
              <dd>{risk.volatility_regime ? t(`volumeRisk.regimes.${risk.volatility_regime}`) : '–'}</dd>
            </div>
            <div>
              <dt>{t('volumeRisk.momentum1w')}</dt>
              <dd className={momentumTone(risk.momentum_1w)}>
                {formatOptional(risk.momentum_1w, percent)}
                {periodText(risk.momentum_periods.momentum_1w)}
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.momentum1m')}</dt>
              <dd className={momentumTone(risk.momentum_1m)}>
                {formatOptional(risk.momentum_1m, percent)}
                {periodText(risk.momentum_periods.momentum_1m)}
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.momentum3m')}</dt>
              <dd className={momentumTone(risk.momentum_3m)}>
                {formatOptional(risk.momentum_3m, percent)}
                {periodText(risk.momentum_periods.momentum_3m)}
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.maxDrawdown')}</dt>
              <dd
                className={
                  risk.max_drawdown === null ? undefined : toneClass(drawdownColour(risk.max_drawdown))
                }
              >
                {formatOptional(risk.max_drawdown, plainPercent)}
              </dd>
            </div>
            <div>
              <dt>{t('volumeRisk.sharpe')}</dt>
              <dd
                className={
                  risk.sharpe_estimation === null
                    ? undefined
                    : toneClass(sharpeColour(risk.sharpe_estimation))
                }
              >
                {formatOptional(risk.sharpe_estimation, (value) => formatNumber(value, language, 2))}
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </Card>
  );
}
