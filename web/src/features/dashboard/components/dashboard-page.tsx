import { isFactorWithoutData } from '@app/shared/domain/rules/score-factors';
import { Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tier } from '@app/shared/domain/enums';
import type { MarketGroupItem, Recommendation } from '@app/shared/domain/entities/market';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import {
  gradeBadgeVariant,
  gradeToSpeculationLevel,
  speculationBadgeColour,
} from '@app/shared/domain/rules/grades';
import { cutNuggetText, FALLBACK_SCORE } from '@app/shared/domain/rules/recommendation-derivations';
import { Badge, type BadgeVariant } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';
import { usePreferences } from '@/kit/preferences/preferences';
import { useApiRoot } from '../api/get-api-root';
import {
  DASHBOARD_RECOMMENDATIONS_SHOWN,
  useDashboardRecommendations,
  useMarketSnapshot,
  usePortfolioSummary,
  type MarketSnapshot,
} from '../api/get-dashboard-data';
import './dashboard.css';

export interface DashboardPageProps {
  name: string;
  tier: Tier;
  isDemo: boolean;
  /** The signed-in user's id, or 'demo_user' for a demo visitor (part 1 section 6). */
  recommendationsUserId: string;
}

type GroupName = 'indices' | 'crypto' | 'commodities';
const GROUPS: readonly GroupName[] = ['indices', 'crypto', 'commodities'];

const SPECULATION_VARIANT: Record<'green' | 'yellow' | 'red', BadgeVariant> = {
  green: 'success',
  yellow: 'warning',
  red: 'destructive',
};

/** Plain prices carry no groups: indices start with '^', crypto pairs end in -USD. */
function plainGroupOf(symbol: string): GroupName | null {
  if (symbol.startsWith('^')) return 'indices';
  if (symbol.endsWith('-USD')) return 'crypto';
  return null;
}

function marketGroups(snapshot: MarketSnapshot | undefined): Record<GroupName, MarketGroupItem[]> {
  const groups: Record<GroupName, MarketGroupItem[]> = { indices: [], crypto: [], commodities: [] };
  if (!snapshot) return groups;
  if (snapshot.kind === 'enhanced') return snapshot.data.market_groups;
  for (const entry of Object.values(snapshot.data.prices)) {
    const group = plainGroupOf(entry.symbol);
    if (!group) continue;
    groups[group].push({
      symbol: entry.symbol,
      name: entry.name,
      value: entry.price,
      change: null,
      change_percent: entry.change_percent,
      investment_grade: null,
      composite_score: null,
      after_hours_price: null,
      as_of: entry.as_of,
      analysisNote: '',
    });
  }
  return groups;
}

/** Part 1 section 4: the score is the rounded average of the top recommendations, else a default. */
export function averageRationalityScore(recommendations: readonly Recommendation[]): number {
  if (recommendations.length === 0) return FALLBACK_SCORE;
  const total = recommendations.reduce((sum, item) => sum + item.rationality_score, 0);
  return Math.round(total / recommendations.length);
}

/**
 * Part 1 section 2 and section 4. The request budget is 4: the API root (required on load), the
 * recommendations, the enhanced prices and the portfolio summary. `GET /api/ai/health` is not called:
 * the enhanced-prices answer is produced by the same engine, and its status 'success' is what marks
 * the AI live here (any failure marks it offline and empties the recommendations, as the spec's
 * sequence does). The plain prices are a fifth call only on the fallback path.
 */
export function DashboardPage({ name, isDemo, recommendationsUserId }: DashboardPageProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { language } = usePreferences();
  const root = useApiRoot();
  const portfolio = usePortfolioSummary();
  const recommendations = useDashboardRecommendations(recommendationsUserId);
  const market = useMarketSnapshot();

  useEffect(() => {
    if (root.data) console.info(root.data.message);
  }, [root.data]);

  const aiLive =
    market.data?.kind === 'enhanced' && market.data.data.status === 'success' && !recommendations.isError;
  const anyError = market.isError || recommendations.isError || market.data?.kind === 'plain';
  const loadedRecommendations = anyError ? [] : (recommendations.data?.recommendations ?? []);
  const score = averageRationalityScore(loadedRecommendations);
  const dataMode = market.data?.data.data_mode ?? root.data?.data_mode;
  const isReplay = dataMode === 'replay';
  const groups = marketGroups(market.data);
  const summary = portfolio.data?.summary;
  const loading = portfolio.isPending && recommendations.isPending && market.isPending;

  if (loading) {
    return (
      <Flex justifyContent="center" padding="xl" gap="small" alignItems="center">
        <Loader aria-hidden="true" />
        <Text>{t('dashboard:loading')}</Text>
      </Flex>
    );
  }

  const shown = loadedRecommendations.slice(0, DASHBOARD_RECOMMENDATIONS_SHOWN);
  const monthlyReturn = summary?.monthly_return_percent;

  return (
    <Flex direction="column" gap="large" className="dashboard">
      <Card className="app-welcome">
        <Heading level={1} className="app-welcome__title">
          {t('dashboard:welcome.title', { name })}
        </Heading>
        <Text>{t('dashboard:welcome.subtitle')}</Text>
        <div className="app-badges-row dashboard__status">
          <Badge variant={aiLive ? 'success' : 'destructive'} data-testid="ai-status">
            {aiLive ? t('dashboard:ai.live') : t('dashboard:ai.offline')}
          </Badge>
          {isReplay ? (
            <Badge variant="warning" title={t('common:replay.description')}>
              {t('common:replay.badge')}
            </Badge>
          ) : null}
          {isDemo ? <Badge variant="warning">{t('common:demo.badge')}</Badge> : null}
        </div>
        {!aiLive && !market.isPending && !recommendations.isPending ? (
          <Text className="app-muted">{t('dashboard:ai.offlineDescription')}</Text>
        ) : null}
      </Card>

      <div className="app-grid app-grid--4">
        <Card className="dashboard__stat">
          <Text className="dashboard__stat-title">{t('dashboard:cards.totalValue.title')}</Text>
          <Text className="dashboard__stat-value" data-testid="dashboard-total-value">
            {summary ? formatCurrency(summary.total_value, language) : '—'}
          </Text>
          <Text className="app-muted">{t('dashboard:cards.totalValue.hint')}</Text>
        </Card>
        <Card className="dashboard__stat">
          <Text className="dashboard__stat-title">{t('dashboard:cards.monthlyReturn.title')}</Text>
          <Text className="dashboard__stat-value" data-testid="dashboard-monthly-return">
            {monthlyReturn === null || monthlyReturn === undefined
              ? '—'
              : formatPercent(monthlyReturn, language, { signed: true })}
          </Text>
          <Text className="app-muted">
            {monthlyReturn === null && summary
              ? t('dashboard:cards.monthlyReturn.unknown')
              : t('dashboard:cards.monthlyReturn.hint')}
          </Text>
        </Card>
        <Card className="dashboard__stat">
          <Flex justifyContent="space-between" alignItems="center">
            <Text className="dashboard__stat-title">{t('dashboard:cards.rationalityScore.title')}</Text>
            {aiLive ? (
              <span className="dashboard__live">
                <span className="dashboard__live-dot" aria-hidden="true" />
                {t('dashboard:cards.rationalityScore.live')}
              </span>
            ) : null}
          </Flex>
          <Text className="dashboard__stat-value" data-testid="dashboard-score">
            {t('dashboard:cards.rationalityScore.value', { score: formatNumber(score, language, 0) })}
          </Text>
          <ProgressBar value={score} label={t('dashboard:cards.rationalityScore.title')} tone="success" />
          <Text className="app-muted">{t('dashboard:cards.rationalityScore.hint')}</Text>
        </Card>
        <Card className="dashboard__stat">
          <Text className="dashboard__stat-title">{t('dashboard:cards.assetsAnalysed.title')}</Text>
          <Text className="dashboard__stat-value" data-testid="dashboard-asset-count">
            {summary ? formatNumber(summary.asset_count, language, 0) : '—'}
          </Text>
          <Text className="app-muted">{t('dashboard:cards.assetsAnalysed.hint')}</Text>
        </Card>
      </div>

      {market.data?.kind === 'plain' ? (
        <Text className="app-muted">{t('dashboard:markets.plainPrices')}</Text>
      ) : null}
      <div className="app-grid app-grid--3">
        {GROUPS.map((group) => (
          <Card key={group} className="dashboard__market" data-testid={`market-${group}`}>
            <Heading level={2} className="app-card-title">
              {t(`dashboard:markets.${group}`)}
            </Heading>
            {groups[group].length === 0 ? (
              <Text className="app-muted">
                {market.isPending
                  ? t('common:status.loading')
                  : market.isError
                    ? t('dashboard:markets.unavailable')
                    : isReplay
                      ? t('dashboard:markets.emptyReplay')
                      : t('dashboard:markets.empty')}
              </Text>
            ) : (
              <ul className="dashboard__market-list">
                {groups[group].map((item) => (
                  <li key={item.symbol} className="dashboard__market-item">
                    <Flex justifyContent="space-between" alignItems="center" gap="small">
                      <div>
                        <Text fontWeight="bold">{item.name}</Text>
                        <Text className="app-muted">{item.symbol}</Text>
                      </div>
                      <div className="dashboard__market-price">
                        <Text fontWeight="bold">{formatCurrency(item.value, language)}</Text>
                        {item.change_percent !== null ? (
                          <Text
                            className={
                              item.change_percent >= 0 ? 'dashboard__positive' : 'dashboard__negative'
                            }
                          >
                            {formatPercent(item.change_percent, language, { signed: true })}
                          </Text>
                        ) : null}
                      </div>
                    </Flex>
                    <div className="app-badges-row">
                      {item.investment_grade ? (
                        <Badge variant={gradeBadgeVariant(item.investment_grade)}>
                          {t('common:grade.value', { grade: item.investment_grade })}
                        </Badge>
                      ) : null}
                      {item.composite_score !== null ? (
                        <Badge variant="outline">
                          {t('dashboard:compositeScore')}: {formatNumber(item.composite_score, language, 1)}
                        </Badge>
                      ) : null}
                      {isReplay ? <Badge variant="warning">{t('common:replay.badge')}</Badge> : null}
                    </div>
                    {item.after_hours_price !== null ? (
                      <Text className="app-muted">
                        {t('dashboard:afterHoursValue', {
                          price: formatCurrency(item.after_hours_price, language),
                        })}
                      </Text>
                    ) : null}
                    <Text className="app-muted">
                      {t('dashboard:asOf', { date: formatDate(item.as_of, language, 'UTC') })}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ))}
      </div>

      {aiLive && shown.length > 0 ? (
        <Card data-testid="nugget-recommendations">
          <Heading level={2} className="app-card-title">
            {t('dashboard:nuggets.title')}
          </Heading>
          <Text className="app-muted">{t('dashboard:nuggets.subtitle')}</Text>
          <div className="app-grid app-grid--3 dashboard__nuggets">
            {shown.map((item) => {
              const grade = item.nugget_scores.investment_grade;
              const level = gradeToSpeculationLevel(grade);
              return (
                <div key={item.id} className="dashboard__nugget" data-testid="nugget-item">
                  <Flex justifyContent="space-between" alignItems="center" gap="small">
                    <Text fontWeight="bold">{item.symbol}</Text>
                    <Badge variant={gradeBadgeVariant(grade)}>{grade}</Badge>
                  </Flex>
                  <Text className="app-muted">{item.name}</Text>
                  <Badge variant={SPECULATION_VARIANT[speculationBadgeColour(level)]}>
                    {t('common:speculation.value', { level: t(`common:speculation.levels.${level}`) })}
                  </Badge>
                  <dl className="app-definition-list">
                    <dt>{t('dashboard:price')}</dt>
                    <dd>{formatCurrency(item.current_price, language)}</dd>
                    <dt>{t('dashboard:afterHours')}</dt>
                    <dd>
                      {item.after_hours_price !== null
                        ? formatCurrency(item.after_hours_price, language)
                        : t('common:status.notAvailable')}
                    </dd>
                    <dt>{t('dashboard:compositeScore')}</dt>
                    <dd>{formatNumber(item.nugget_scores.composite_rationality_score, language, 1)}</dd>
                    <dt>{t('dashboard:financialHealth')}</dt>
                    {isFactorWithoutData(item.nugget_scores, 'financial_health') ? (
                      <dd className="app-muted" title={t('common:noData.description')}>
                        {t('common:noData.label')}
                      </dd>
                    ) : (
                      <dd>{formatNumber(item.nugget_scores.financial_health_score, language, 1)}</dd>
                    )}
                  </dl>
                  <Text className="dashboard__nugget-text" title={item.nugget_scores.key_nuggets[0]}>
                    {cutNuggetText(item.nugget_scores.key_nuggets[0])}
                  </Text>
                </div>
              );
            })}
          </div>
        </Card>
      ) : null}
    </Flex>
  );
}
