import { Loader, Text } from '@aws-amplify/ui-react';
import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import type { PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import { ASSET_TYPES } from '@app/shared/domain/enums';
import { Dialog } from '@/kit/ui/dialog';
import { FeatureGateSlot } from '@/kit/ui/feature-gate-slot';
import { usePreferences } from '@/kit/preferences/preferences';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';

const AllocationChart = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.AllocationChart })),
);

/** Herfindahl bands: under 0.25 diversified, under 0.5 moderately concentrated, else high. */
function concentrationLevel(herfindahl: number): 'low' | 'moderate' | 'high' {
  if (herfindahl < 0.25) return 'low';
  if (herfindahl < 0.5) return 'moderate';
  return 'high';
}

/** The full analysis (advanced_analytics): mounted only when the plan grants it, so FREE never asks. */
function FullAnalysis() {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const analysis = useRouteQuery(contract.portfolio.analysis);
  const data = analysis.data;
  const missing = t('portfolio:analysis.notEnoughData');

  if (analysis.isPending) return <Loader aria-label={t('common:aria.loading')} />;
  if (analysis.isError || !data) return <Text role="alert">{t('portfolio:analysis.loadFailed')}</Text>;
  return (
    <div className="portfolio__analysis" data-testid="portfolio-analysis">
      <Text fontWeight="bold">{t('portfolio:analysis.allocationByType')}</Text>
      <Suspense fallback={<Loader />}>
        <AllocationChart
          language={language}
          // The analysis route values the positions at their quotes, in the universe's trading currency.
          currency={CURRENCY}
          slices={data.allocation.map((slice) => ({
            assetType: slice.asset_type,
            value: slice.value,
            percent: slice.percent,
          }))}
        />
      </Suspense>
      <dl className="app-definition-list">
        <dt>{t('portfolio:analysis.concentration')}</dt>
        <dd>
          {t(
            `portfolio:analysis.concentrationLevels.${concentrationLevel(data.concentration.herfindahl_index)}`,
          )}
        </dd>
        <dt title={t('portfolio:analysis.herfindahlHint')}>{t('portfolio:analysis.herfindahl')}</dt>
        <dd>{formatNumber(data.concentration.herfindahl_index, language, 3)}</dd>
        <dt>{t('portfolio:analysis.largestPosition')}</dt>
        <dd>
          {data.concentration.largest_position_symbol
            ? `${data.concentration.largest_position_symbol} (${formatPercent(data.concentration.largest_position_percent, language)})`
            : missing}
        </dd>
        <dt>{t('portfolio:analysis.volatility')}</dt>
        <dd>
          {data.volatility_annualized === null
            ? missing
            : formatPercent(data.volatility_annualized, language)}
        </dd>
        <dt>{t('portfolio:analysis.maxDrawdown')}</dt>
        <dd>{data.max_drawdown === null ? missing : formatPercent(data.max_drawdown, language)}</dd>
        <dt title={t('portfolio:analysis.speculationExposureHint')}>
          {t('portfolio:analysis.speculationExposure')}
        </dt>
        <dd data-testid="speculation-exposure">
          {formatPercent(data.speculation_exposure_percent, language)}
        </dd>
      </dl>
      <Text className="app-muted">
        {t('portfolio:analysis.coverage', {
          percent: formatPercent(data.history_coverage_percent, language),
          date: formatDate(data.as_of, language, 'UTC'),
        })}
      </Text>
    </div>
  );
}

/**
 * The limited view, from what every plan's API answer holds (the portfolio list's summary): the
 * allocation by asset type, and a plain note of what the full analysis adds.
 */
function LimitedAnalysis({ summary }: { summary: PortfolioResponse['summary'] | undefined }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  return (
    <div className="portfolio__analysis">
      <Text fontWeight="bold">{t('portfolio:analysis.allocationByType')}</Text>
      <dl className="app-definition-list">
        {ASSET_TYPES.map((assetType) => (
          <Fragment key={assetType}>
            <dt>{t(`common:assetTypesPlural.${assetType}`)}</dt>
            <dd>{formatPercent(summary?.by_type[assetType]?.percent ?? 0, language)}</dd>
          </Fragment>
        ))}
      </dl>
      <Text className="app-muted">{t('portfolio:analysis.limitedNote')}</Text>
    </div>
  );
}

/**
 * The portfolio analysis behind the advanced_analytics gate: the full view for the plans that have
 * it; for the others the gate (blur, required tier, Upgrade) over the limited view.
 */
export function PortfolioAnalysisDialog({
  open,
  onClose,
  summary,
}: {
  open: boolean;
  onClose: () => void;
  summary: PortfolioResponse['summary'] | undefined;
}) {
  const { t } = useTranslation(['portfolio', 'common']);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('portfolio:analysis.title')}
      description={t('portfolio:analysis.subtitle')}
      closeLabel={t('portfolio:analysis.close')}
    >
      {open ? (
        <FeatureGateSlot feature="advanced_analytics" fallback={<LimitedAnalysis summary={summary} />}>
          <FullAnalysis />
        </FeatureGateSlot>
      ) : null}
    </Dialog>
  );
}
