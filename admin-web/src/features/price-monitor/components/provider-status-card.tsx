import { Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ProviderStatusSchema } from '@app/shared/domain/entities/admin';
import { Badge, type BadgeVariant } from '@app/web/kit/ui/badge';
import { Card } from '@app/web/kit/ui/card';
import { DataTable } from '@/components/data-table';

type ProviderStatus = z.output<typeof ProviderStatusSchema>;

const BREAKER_VARIANTS: Record<ProviderStatus['breaker_state'], BadgeVariant> = {
  closed: 'success',
  'half-open': 'warning',
  open: 'destructive',
};

/** The ingestion providers over the last hour: requests, throttled answers, failures, breaker. */
export function ProviderStatusCard({
  providers,
  dataMode,
  timeFormat,
}: {
  providers: readonly ProviderStatus[];
  dataMode: 'live' | 'replay';
  timeFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <Heading level={4} className="app-card-title">
        {t('priceMonitor.providers.title')}
      </Heading>
      {dataMode === 'replay' ? (
        <Text className="app-muted">{t('priceMonitor.providers.replayMode')}</Text>
      ) : (
        <DataTable
          testId="provider-status-table"
          columns={(['name', 'requests', 'throttled', 'failed', 'breaker'] as const).map((column) =>
            t(`priceMonitor.providers.${column}`),
          )}
        >
          {providers.map((provider) => (
            <TableRow key={provider.name}>
              <TableCell as="th" scope="row">
                {provider.name}
              </TableCell>
              <TableCell>{provider.requests_last_hour}</TableCell>
              <TableCell>{provider.throttled_last_hour}</TableCell>
              <TableCell>{provider.failed_last_hour}</TableCell>
              <TableCell>
                <Badge variant={BREAKER_VARIANTS[provider.breaker_state]}>
                  {t(`priceMonitor.providers.breakerStates.${provider.breaker_state}`)}
                </Badge>
                {provider.breaker_opened_at ? (
                  <Text as="span" className="app-muted" fontSize="small" display="block">
                    {t('priceMonitor.providers.openSince', {
                      time: timeFormat.format(new Date(provider.breaker_opened_at)),
                    })}
                  </Text>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
