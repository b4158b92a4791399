import { Flex, Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AdminDashboardResponseSchema } from '@app/shared/domain/entities/admin';
import { formatNumber, formatPercent, formatQuote } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Card } from '@app/web/kit/ui/card';
import { DataTable } from '@/components/data-table';
import { AnalystFallbacksCard } from './analyst-fallbacks-card';
import { ServiceStatusBadge } from './status-badge';
import './dashboard.css';

type Dashboard = z.output<typeof AdminDashboardResponseSchema>;

/**
 * docs/product.md "Screens", admin site, Overview: market data per symbol; health of the grading engine
 * (whether it has fresh data to grade: aiServiceStatusOf in functions/src/admin/dashboard-service.ts),
 * the price feed and the database; the analyst's model answers replaced by the template.
 */
export function OverviewTab({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  const health = dashboard.platform_health;
  const services = [
    { key: 'ai', status: health.ai_service_status },
    { key: 'priceFeed', status: health.price_feed_status },
    { key: 'database', status: health.database_status },
  ] as const;
  return (
    <div className="admin-two-columns">
      <Card>
        <Heading level={3} className="app-card-title">
          {t('overview.marketData')}
        </Heading>
        <DataTable
          testId="admin-market-data"
          columns={[
            t('overview.symbol'),
            t('overview.price'),
            t('overview.changePercent'),
            t('overview.volume'),
          ]}
        >
          {Object.entries(dashboard.market_data).map(([symbol, data]) => (
            <TableRow key={symbol}>
              <TableCell as="th" scope="row">
                {symbol}
              </TableCell>
              {data.error !== null || data.current_price === null ? (
                <TableCell colSpan={3} className="app-muted">
                  {t('overview.unavailable')}
                </TableCell>
              ) : (
                <>
                  <TableCell>{formatQuote(symbol, data.current_price, language)}</TableCell>
                  <TableCell
                    className={(data.change_percent ?? 0) >= 0 ? 'admin-change--up' : 'admin-change--down'}
                  >
                    {data.change_percent === null
                      ? '—'
                      : formatPercent(data.change_percent, language, {
                          signed: true,
                          maximumFractionDigits: 2,
                        })}
                  </TableCell>
                  <TableCell>{data.volume === null ? '—' : formatNumber(data.volume, language, 0)}</TableCell>
                </>
              )}
            </TableRow>
          ))}
        </DataTable>
      </Card>
      <Card>
        <Heading level={3} className="app-card-title">
          {t('overview.platformHealth')}
        </Heading>
        <Flex as="ul" direction="column" gap="small" className="admin-plain-list" data-testid="admin-health">
          {services.map((service) => (
            <Flex as="li" key={service.key} justifyContent="space-between" alignItems="center">
              <Text>{t(`overview.services.${service.key}`)}</Text>
              <ServiceStatusBadge status={service.status} />
            </Flex>
          ))}
        </Flex>
      </Card>
      <AnalystFallbacksCard fallbacks={dashboard.analyst_fallbacks} />
    </div>
  );
}
