import { Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import {
  dashboardScore,
  gradedHoldings,
  holdingPeriodReturn,
  type DashboardScore,
  type LedgerPeriodReturn,
} from '@app/shared/domain/rules/dashboard-figures';
import { formatMoney, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';

/** A card's figure while its data loads: a grey block, never a made-up number. */
function Skeleton({ label }: { label: string }) {
  return (
    <span className="app-skeleton" data-testid="stat-skeleton">
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

function StatCard({
  title,
  value,
  testId,
  hint,
  aside,
  children,
  reserve = false,
}: {
  title: string;
  /** Null while the figure loads. */
  value: string | null;
  testId: string;
  hint: string | null;
  aside?: ReactNode;
  /** What shows under the figure once loaded; `reserve` keeps its height while the figure loads. */
  children?: ReactNode;
  reserve?: boolean;
}) {
  const { t } = useTranslation('common');
  const heading = <Text className="dashboard__stat-title">{title}</Text>;
  return (
    <Card className="dashboard__stat" aria-busy={value === null}>
      {aside ? (
        <Flex justifyContent="space-between" alignItems="center">
          {heading}
          {aside}
        </Flex>
      ) : (
        heading
      )}
      {value === null ? (
        <Skeleton label={t('status.loading')} />
      ) : (
        <Text className="dashboard__stat-value" data-testid={testId}>
          {value}
        </Text>
      )}
      {value !== null ? children : reserve ? <div className="dashboard__stat-reserve" /> : null}
      {/* Held at its loaded height while the figure loads, so the cards below never move (CLS). */}
      <Text className="app-muted dashboard__stat-hint">{hint}</Text>
    </Card>
  );
}

export interface StatCardsProps {
  /** Undefined while the portfolio loads. */
  portfolio: PortfolioResponse | undefined;
  /** The engine's picks the dashboard loaded; undefined while they load. */
  picks: readonly { rationality_score: number }[] | undefined;
  /**
   * The ledger's returns of a signed-in user (undefined while loading, null when the ledger cannot
   * answer); 'demo' for a demo visitor, who has no ledger: the demo holdings' month is shown instead.
   */
  returns: readonly LedgerPeriodReturn[] | null | undefined | 'demo';
  aiLive: boolean;
  replayDate: string | null;
}

function useReturnCard(portfolio: PortfolioResponse | undefined, returns: StatCardsProps['returns']) {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  const date = (value: string) => formatMarketDate(value, language);
  if (returns === 'demo') {
    const summary = portfolio?.summary;
    const period = summary?.monthly_return_period;
    return {
      title: t('cards.return.demoTitle'),
      value: !summary
        ? null
        : summary.monthly_return_percent === null
          ? '—'
          : formatPercent(summary.monthly_return_percent, language, { signed: true }),
      hint: period ? t('cards.return.demoHint', { from: date(period.from), to: date(period.to) }) : null,
    };
  }
  if (returns === undefined) return { title: t('cards.return.title'), value: null, hint: null };
  const own = returns === null ? null : holdingPeriodReturn(returns);
  return {
    title: t('cards.return.title'),
    value: own ? formatPercent(own.percent, language, { signed: true }) : '—',
    hint: own ? t('cards.return.hint', { from: date(own.from), to: date(own.to) }) : t('cards.return.none'),
  };
}

function useScoreHint(score: DashboardScore | null, graded: number | null): string | null {
  const { t } = useTranslation('dashboard');
  if (score === null || graded === null) return null;
  if (score.basis === 'holdings') return t('cards.rationalityScore.hintHoldings', { count: graded });
  if (score.basis === 'picks') return t('cards.rationalityScore.hintPicks');
  return t('cards.rationalityScore.none');
}

/**
 * The four figures (docs/product.md "Dashboard"), each computed as its caption says
 * (shared/src/domain/rules/dashboard-figures.ts): total value, the user's own return with its dates,
 * the rationality score of their graded holdings (else the picks', labelled so), holdings graded.
 */
export function StatCards({ portfolio, picks, returns, aiLive, replayDate }: StatCardsProps) {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  const assets = portfolio?.assets;
  const counts = assets ? gradedHoldings(assets) : null;
  const score = assets && picks ? dashboardScore(assets, picks) : null;
  const returnCard = useReturnCard(portfolio, returns);
  const scoreHint = useScoreHint(score, counts?.graded ?? null);
  return (
    <div className="app-grid app-grid--4">
      <StatCard
        title={t('cards.totalValue.title')}
        value={portfolio ? formatMoney(portfolio.summary.total_value, portfolio.currency, language) : null}
        testId="dashboard-total-value"
        hint={
          replayDate
            ? t('cards.totalValue.hintReplay', { date: formatMarketDate(replayDate, language) })
            : t('cards.totalValue.hint')
        }
      />
      <StatCard
        title={returnCard.title}
        value={returnCard.value}
        testId="dashboard-return"
        hint={returnCard.hint}
      />
      <StatCard
        title={
          score?.basis === 'picks'
            ? t('cards.rationalityScore.titlePicks')
            : t('cards.rationalityScore.title')
        }
        aside={
          aiLive && score && score.basis !== 'none' ? (
            <span className="dashboard__live">
              <span className="dashboard__live-dot" aria-hidden="true" />
              {replayDate ? t('cards.rationalityScore.replay') : t('cards.rationalityScore.live')}
            </span>
          ) : null
        }
        value={
          score === null
            ? null
            : score.basis === 'none'
              ? '—'
              : t('cards.rationalityScore.value', {
                  score: formatNumber(Math.round(score.score), language, 0),
                })
        }
        testId="dashboard-score"
        hint={scoreHint}
        reserve
      >
        {score && score.basis !== 'none' ? (
          <ProgressBar value={score.score} label={t('cards.rationalityScore.title')} tone="success" />
        ) : null}
      </StatCard>
      <StatCard
        title={t('cards.assetsAnalysed.title')}
        value={
          counts
            ? t('cards.assetsAnalysed.value', {
                graded: formatNumber(counts.graded, language, 0),
                total: formatNumber(counts.total, language, 0),
              })
            : null
        }
        testId="dashboard-asset-count"
        hint={counts ? t('cards.assetsAnalysed.hint', { count: counts.total }) : null}
      />
    </div>
  );
}
