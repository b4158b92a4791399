import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { MarketGroupItem } from '@app/shared/domain/entities/market';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { gradeBadgeVariant } from '@app/shared/domain/rules/grades';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { formatMarketDate } from '@/kit/market/market-date';
import type { MarketSnapshot } from '../api/get-dashboard-data';
import { MarketSparkline } from './pictures/market-sparkline';

type GroupName = 'indices' | 'crypto' | 'commodities' | 'bonds' | 'currencies';
const GROUPS: readonly GroupName[] = ['indices', 'crypto', 'commodities', 'bonds', 'currencies'];

/** Plain prices carry no groups: indices start with '^', crypto pairs end in -USD, FX pairs in =X. */
function plainGroupOf(symbol: string): GroupName | null {
  if (symbol.startsWith('^')) return 'indices';
  if (symbol.endsWith('-USD')) return 'crypto';
  if (symbol.endsWith('=X')) return 'currencies';
  return null;
}

function marketGroups(snapshot: MarketSnapshot | undefined): Record<GroupName, MarketGroupItem[]> {
  const groups: Record<GroupName, MarketGroupItem[]> = {
    indices: [],
    crypto: [],
    commodities: [],
    bonds: [],
    currencies: [],
  };
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
      market_date: entry.market_date,
      analysisNote: '',
    });
  }
  return groups;
}

function MarketItem({
  item,
  group,
  isReplay,
}: {
  item: MarketGroupItem;
  group: GroupName;
  isReplay: boolean;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { language } = usePreferences();
  return (
    <li className="dashboard__market-item">
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <div>
          <Text fontWeight="bold">{item.name}</Text>
          <Text className="app-muted">{item.symbol}</Text>
        </div>
        <div className="dashboard__market-price">
          <Text fontWeight="bold">
            {group === 'currencies'
              ? formatNumber(item.value, language, 4)
              : formatCurrency(item.value, language)}
          </Text>
          {item.change_percent !== null ? (
            <Text className={item.change_percent >= 0 ? 'dashboard__positive' : 'dashboard__negative'}>
              {formatPercent(item.change_percent, language, { signed: true })}
            </Text>
          ) : null}
        </div>
      </Flex>
      {item.recent_closes ? <MarketSparkline recent={item.recent_closes} /> : null}
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
          {t('dashboard:afterHoursValue', { price: formatCurrency(item.after_hours_price, language) })}
        </Text>
      ) : null}
      <Text className="app-muted">
        {t('dashboard:asOf', { date: formatDate(item.as_of, language, 'UTC') })}
      </Text>
    </li>
  );
}

export interface MarketColumnsProps {
  snapshot: MarketSnapshot | undefined;
  pending: boolean;
  failed: boolean;
  isReplay: boolean;
}

/**
 * docs/product.md "Screens", dashboard: indices, crypto, commodities, bonds and currencies, each item with its grade
 * and as-of date: what exists on the market date. The watched series with no data on it are named below.
 */
export function MarketColumns({ snapshot, pending, failed, isReplay }: MarketColumnsProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { language } = usePreferences();
  const groups = marketGroups(snapshot);
  const noData = snapshot?.data.no_data ?? [];
  const emptyText = pending
    ? t('common:status.loading')
    : failed
      ? t('dashboard:markets.unavailable')
      : isReplay
        ? t('dashboard:markets.emptyReplay')
        : t('dashboard:markets.empty');
  return (
    <>
      {snapshot?.kind === 'plain' ? (
        <Text className="app-muted">{t('dashboard:markets.plainPrices')}</Text>
      ) : null}
      <div className="app-grid app-grid--4">
        {GROUPS.map((group) => (
          <Card key={group} className="dashboard__market" data-testid={`market-${group}`}>
            <Heading level={2} className="app-card-title">
              {t(`dashboard:markets.${group}`)}
            </Heading>
            {groups[group].length === 0 ? (
              <Text className="app-muted">{emptyText}</Text>
            ) : (
              <ul className="dashboard__market-list">
                {groups[group].map((item) => (
                  <MarketItem key={item.symbol} item={item} group={group} isReplay={isReplay} />
                ))}
              </ul>
            )}
          </Card>
        ))}
      </div>
      {snapshot && noData.length > 0 ? (
        <Text className="app-muted" data-testid="market-no-data">
          {t('common:replay.noDataList', {
            date: formatMarketDate(snapshot.data.market_date, language),
            // Names, never series ids such as AAPL-2007 (issue 45).
            symbols: noData.map((entry) => entry.name || entry.symbol).join(', '),
          })}
        </Text>
      ) : null}
    </>
  );
}
