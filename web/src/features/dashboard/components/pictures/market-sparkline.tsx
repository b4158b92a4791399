import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketGroupItem } from '@app/shared/domain/entities/market';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { useNearViewport } from '@/kit/ui/use-near-viewport';

const SparklineChart = lazy(() => import('./sparkline-chart'));

/**
 * The market card's sparkline: its recent closes, named in words for a screen reader; drawn when it
 * comes near the screen (its box keeps its size meanwhile).
 */
export function MarketSparkline({ recent }: { recent: NonNullable<MarketGroupItem['recent_closes']> }) {
  const { t } = useTranslation('charts');
  const [box, near] = useNearViewport<HTMLDivElement>();
  const { language } = usePreferences();
  const first = recent.closes[0] ?? 0;
  const last = recent.closes.at(-1) ?? 0;
  const label = t('sparkline.label', {
    from: formatDate(recent.from, language, 'UTC'),
    to: formatDate(recent.to, language, 'UTC'),
    first: formatNumber(first, language, 2),
    last: formatNumber(last, language, 2),
  });
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      title={label}
      className="dashboard__sparkline"
      data-testid="sparkline"
    >
      {near ? (
        <Suspense fallback={null}>
          <SparklineChart closes={recent.closes} rising={last >= first} />
        </Suspense>
      ) : null}
    </div>
  );
}
