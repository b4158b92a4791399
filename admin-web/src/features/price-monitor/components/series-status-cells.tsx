import { TableCell, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PriceMonitoringResponseSchema } from '@app/shared/domain/entities/admin';
import type { DataQuality } from '@app/shared/domain/enums';
import { formatPercent } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Badge, type BadgeVariant } from '@app/web/kit/ui/badge';

type PriceRow = z.output<typeof PriceMonitoringResponseSchema>['price_data'][string];

const QUALITY_VARIANTS: Record<DataQuality, BadgeVariant> = {
  good: 'success',
  warning: 'warning',
  poor: 'destructive',
};

/** The date a price belongs to; a replayed one says so, with that date, never as a fresh price. */
export function AsOfCell({ row, dateFormat }: { row: PriceRow; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation('admin');
  const date = row.as_of ? dateFormat.format(new Date(`${row.as_of}T12:00:00Z`)) : '—';
  return (
    <TableCell data-testid="price-as-of" data-mode={row.mode ?? ''}>
      {row.mode === 'replay' ? <Badge variant="info">{t('priceMonitor.replayAsOf', { date })}</Badge> : date}
      {row.stale ? (
        <>
          {' '}
          <Badge variant="warning">{t('priceMonitor.stale')}</Badge>
        </>
      ) : null}
    </TableCell>
  );
}

/**
 * Data quality: for a replayed series, "Replay" is what is true of its price (a good grade would
 * read as a fresh price); its bars' quality shows only when it is not good. Then the tracking status
 * when the series is not simply tracked, and the error of its last fetch.
 */
export function QualityCell({ row }: { row: PriceRow }) {
  const { t } = useTranslation('admin');
  const showQuality = row.mode !== 'replay' || row.data_quality !== 'good';
  return (
    <TableCell data-testid="price-quality" data-quality={row.data_quality}>
      {row.mode === 'replay' ? <Badge variant="info">{t('priceMonitor.modes.replay')}</Badge> : null}
      {showQuality ? (
        <>
          {row.mode === 'replay' ? ' ' : null}
          <Badge variant={QUALITY_VARIANTS[row.data_quality]}>
            {t(`priceMonitor.qualities.${row.data_quality}`)}
          </Badge>
        </>
      ) : null}
      {row.status && row.status !== 'active' ? (
        <Text as="span" className="app-muted" fontSize="small" display="block">
          {t(`priceMonitor.statuses.${row.status}`)}
        </Text>
      ) : null}
      {row.error ? (
        <Text as="span" className="app-muted" fontSize="small" display="block">
          {t('priceMonitor.error', { message: row.error })}
        </Text>
      ) : null}
    </TableCell>
  );
}

export function CompletenessCell({ row }: { row: PriceRow }) {
  const { language } = usePreferences();
  return (
    <TableCell>
      {row.completeness === null
        ? '—'
        : formatPercent(row.completeness * 100, language, { maximumFractionDigits: 1 })}
    </TableCell>
  );
}

/** Each quality flag by its code, in the reader's language. */
export function FlagsCell({ row, dateFormat }: { row: PriceRow; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  if (row.quality_flags.length === 0) return <TableCell>—</TableCell>;
  return (
    <TableCell>
      <ul className="admin-plain-list" data-testid="price-flags">
        {row.quality_flags.map((flag) => (
          <li key={`${flag.code}-${flag.date ?? ''}`} data-code={flag.code}>
            {t(`priceMonitor.flags.${flag.code}`, {
              date: flag.date ? dateFormat.format(new Date(`${flag.date}T12:00:00Z`)) : '',
              count: flag.value ?? 0,
              percent: formatPercent((flag.value ?? 0) * 100, language, { maximumFractionDigits: 1 }),
            })}
          </li>
        ))}
      </ul>
    </TableCell>
  );
}
