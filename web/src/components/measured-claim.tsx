import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';

/** The engine's measured backtest, as the recommendations route serves it. */
export interface MeasuredBacktest {
  /** 0-1. */
  hit_rate: number;
  recommendations: number;
  mean_excess_return: number | null;
  window: string;
}

/** Which measurement stands beside a claim: the hit rate, or the mean excess over the S&P 500. */
export type MeasuredFigure = 'hitRate' | 'excess';

export interface MeasuredClaimProps {
  /** The claim as the page states it, in the reader's language. */
  claim: string;
  figure: MeasuredFigure;
  backtest: MeasuredBacktest | null;
}

/**
 * A performance claim with its measured twin beside it (issue 28, "claims beside measurements"): the
 * backtest's figure, its period and sample size and a link to how it is measured, or plainly "not
 * measured" when there is no backtest. The claim is labelled as not measured by us.
 */
export function MeasuredClaim({ claim, figure, backtest }: MeasuredClaimProps) {
  const { t } = useTranslation('methodology');
  const { language } = usePreferences();
  const count = backtest ? formatNumber(backtest.recommendations, language, 0) : '';
  const measured = !backtest
    ? null
    : figure === 'hitRate'
      ? t('trackRecord.hitRate', { hitRate: formatPercent(backtest.hit_rate * 100, language), count })
      : backtest.mean_excess_return === null
        ? null
        : t('trackRecord.excess', {
            excess: `${backtest.mean_excess_return > 0 ? '+' : ''}${formatNumber(backtest.mean_excess_return, language, 2)}`,
            count,
          });
  return (
    <div className="app-claim" data-testid="claim-pair" data-figure={figure}>
      <Text data-testid="claim">
        <span className="app-muted">{t('trackRecord.claimLabel')}</span> {claim}
      </Text>
      <Text data-testid="measured" fontWeight="bold">
        {measured ? `${t('trackRecord.measuredLabel')} ${measured}` : t('trackRecord.unavailable')}
      </Text>
      {backtest ? (
        <Text className="app-muted" fontSize="small" data-testid="measured-period">
          {t('trackRecord.period', { window: backtest.window })}
        </Text>
      ) : null}
      <Link to="/methodology#track-record" data-testid="measured-link">
        {t('trackRecord.link')}
      </Link>
    </div>
  );
}
