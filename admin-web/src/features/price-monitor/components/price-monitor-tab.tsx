import { Button, Flex, Heading, Loader, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Severity } from '@app/shared/domain/enums';
import { volatility5dLabel } from '@app/shared/domain/rules/display-thresholds';
import { formatPercent, formatQuote, localeFor } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Badge, type BadgeVariant } from '@app/web/kit/ui/badge';
import { Card } from '@app/web/kit/ui/card';
import { useErrorToast } from '@/components/use-error-toast';
import { DataTable } from '@/components/data-table';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@app/web/kit/route-query';
import { ProviderStatusCard } from './provider-status-card';
import { AsOfCell, CompletenessCell, FlagsCell, QualityCell } from './series-status-cells';

/**
 * docs/product.md "Business rules and limits", the sites' timing: the admin price monitor refreshes every 30
 * s.
 */
export const PRICE_MONITOR_REFRESH_MS = 30_000;

const SEVERITY_VARIANTS: Record<Severity, BadgeVariant> = {
  high: 'destructive',
  medium: 'warning',
  low: 'info',
};

const VOLATILITY_VARIANTS: Record<ReturnType<typeof volatility5dLabel>, BadgeVariant> = {
  low: 'success',
  medium: 'warning',
  high: 'destructive',
};

/** docs/product.md "Screens", admin site, Price Monitor: polled every 30 s and on demand. */
export function PriceMonitorTab() {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const monitoring = useRouteQuery(contract.admin.priceMonitoring, undefined, {
    refetchInterval: PRICE_MONITOR_REFRESH_MS,
  });
  const dateTime = new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'medium' });
  const date = new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeZone: 'UTC' });

  useErrorToast(monitoring, {
    title: t('toasts.loadFailed'),
    description: t('toasts.loadPriceMonitoringFailed'),
  });

  const data = monitoring.data;
  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <div>
          <Heading level={3}>{t('priceMonitor.title')}</Heading>
          <Text className="app-muted" fontSize="small">
            {t('priceMonitor.autoRefresh')}
          </Text>
        </div>
        <Button
          onClick={() => void monitoring.refetch()}
          isLoading={monitoring.isFetching}
          loadingText={t('priceMonitor.refresh')}
        >
          {t('priceMonitor.refresh')}
        </Button>
      </Flex>
      {!data ? (
        monitoring.isPending ? (
          <Loader aria-label={t('loading')} />
        ) : (
          <Text className="app-muted">{t('priceMonitor.noData')}</Text>
        )
      ) : (
        <>
          <Card>
            <dl className="app-definition-list">
              <dt>{t('priceMonitor.monitoringStatus')}</dt>
              <dd>
                <Badge
                  variant={
                    data.monitoring_status === 'active'
                      ? 'success'
                      : data.monitoring_status === 'degraded'
                        ? 'warning'
                        : 'destructive'
                  }
                >
                  {t(`priceMonitor.monitoringStatuses.${data.monitoring_status}`)}
                </Badge>
              </dd>
              <dt>{t('priceMonitor.mode')}</dt>
              <dd data-testid="price-monitor-mode" data-value={data.data_mode}>
                {t(`priceMonitor.modes.${data.data_mode}`)}
              </dd>
              <dt>{t('priceMonitor.dataSources')}</dt>
              {/* Package paths and provider ids: identifiers, in no language (lang="zxx"). */}
              <dd lang="zxx">{data.data_sources.join(', ')}</dd>
              <dt>{t('priceMonitor.lastUpdated')}</dt>
              <dd data-testid="price-monitor-updated" data-value={data.last_updated}>
                {dateTime.format(new Date(data.last_updated))}
              </dd>
            </dl>
          </Card>
          <ProviderStatusCard providers={data.providers} dataMode={data.data_mode} timeFormat={dateTime} />
          <Card>
            <Heading level={4} className="app-card-title">
              {t('priceMonitor.alerts')}
            </Heading>
            {data.alerts.length === 0 ? (
              <Text className="app-muted">{t('priceMonitor.noAlerts')}</Text>
            ) : (
              <ul className="admin-plain-list" data-testid="price-alerts">
                {data.alerts.map((alert, index) => (
                  <li
                    key={`${alert.ticker}-${index}`}
                    className={`admin-alert admin-alert--${alert.severity}`}
                  >
                    <Badge variant={SEVERITY_VARIANTS[alert.severity]}>
                      {t(`priceMonitor.severities.${alert.severity}`)}
                    </Badge>{' '}
                    <strong>{alert.ticker}</strong> {alert.message}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card>
            <DataTable
              testId="price-monitor-table"
              columns={(
                [
                  'ticker',
                  'currentPrice',
                  'asOf',
                  'high5d',
                  'low5d',
                  'volatility5d',
                  'dataQuality',
                  'completeness',
                  'qualityFlags',
                  'lastUpdated',
                ] as const
              ).map((column) => t(`priceMonitor.${column}`))}
            >
              {Object.entries(data.price_data).map(([ticker, row]) => (
                <TableRow key={ticker}>
                  <TableCell as="th" scope="row">
                    {ticker}
                  </TableCell>
                  <TableCell>
                    {row.current_price === null ? '—' : formatQuote(ticker, row.current_price, language)}
                  </TableCell>
                  <AsOfCell row={row} dateFormat={date} />
                  <TableCell>
                    {row.high_5d === null ? '—' : formatQuote(ticker, row.high_5d, language)}
                  </TableCell>
                  <TableCell>
                    {row.low_5d === null ? '—' : formatQuote(ticker, row.low_5d, language)}
                  </TableCell>
                  <TableCell>
                    {row.volatility_5d === null ? (
                      '—'
                    ) : (
                      <Flex as="span" gap="xs" alignItems="center">
                        {formatPercent(row.volatility_5d, language, { maximumFractionDigits: 2 })}
                        <Badge variant={VOLATILITY_VARIANTS[volatility5dLabel(row.volatility_5d)]}>
                          {t(`priceMonitor.volatilityLevels.${volatility5dLabel(row.volatility_5d)}`)}
                        </Badge>
                      </Flex>
                    )}
                  </TableCell>
                  <QualityCell row={row} />
                  <CompletenessCell row={row} />
                  <FlagsCell row={row} dateFormat={date} />
                  <TableCell>
                    {row.last_updated === null ? '—' : dateTime.format(new Date(row.last_updated))}
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          </Card>
        </>
      )}
    </Flex>
  );
}
