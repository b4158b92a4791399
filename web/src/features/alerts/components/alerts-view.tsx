import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useNavigate } from 'react-router-dom';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import type { MarketAlertType, Severity } from '@app/shared/domain/enums';
import { relativeTimeParts } from '@app/shared/domain/rules/display-thresholds';
import { formatDate, formatNumber } from '@app/shared/domain/rules/formatting';
import { BellIcon, BrainIcon, ChartIcon, CloseIcon, GearIcon, SparkIcon, TargetIcon } from '@/kit/ui/icons';
import { Badge, type BadgeVariant } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { Tabs } from '@/kit/ui/tabs';
import { usePreferences } from '@/kit/preferences/preferences';
import { AlertDetailsDialog } from './alert-details-dialog';
import {
  activeFilterCount,
  AlertFiltersPanel,
  applyAlertFilters,
  GENERAL_ASSET,
  NO_ALERT_FILTERS,
  type AlertFilters,
} from './alert-filters';
import './alerts.css';

export { GENERAL_ASSET } from './alert-filters';

export type AlertFilter = 'all' | 'critical' | 'medium' | 'info';

/** Filter tabs (docs/product.md "Screens", alerts) and the severity each one shows. */
const FILTER_SEVERITY: Record<Exclude<AlertFilter, 'all'>, Severity> = {
  critical: 'high',
  medium: 'medium',
  info: 'low',
};

const SEVERITY_VARIANTS: Record<Severity, BadgeVariant> = {
  high: 'destructive',
  medium: 'warning',
  low: 'info',
};

const TYPE_ICONS: Record<MarketAlertType, typeof BellIcon> = {
  price_movement: ChartIcon,
  price_alert: TargetIcon,
  earnings: BellIcon,
  sector_rotation: SparkIcon,
  ai_insight: BrainIcon,
  market_news: BellIcon,
};

export function filterAlerts(alerts: readonly UserAlert[], filter: AlertFilter): UserAlert[] {
  return filter === 'all'
    ? [...alerts]
    : alerts.filter((alert) => alert.severity === FILTER_SEVERITY[filter]);
}

/** Counts of the summary cards, over the alerts still shown (not dismissed). */
export function summariseAlerts(alerts: readonly UserAlert[]) {
  return {
    critical: alerts.filter((alert) => alert.severity === 'high').length,
    medium: alerts.filter((alert) => alert.severity === 'medium').length,
    info: alerts.filter((alert) => alert.severity === 'low').length,
    actionRequired: alerts.filter((alert) => alert.actionRequired).length,
  };
}

/** 'n min ago' under an hour, 'n h ago' under a day, else the date (shared relativeTimeParts). */
export function RelativeTime({ timestamp, now }: { timestamp: string; now: Date }) {
  const { t } = useTranslation('alerts');
  const { language } = usePreferences();
  const parts = relativeTimeParts(timestamp, now);
  const text =
    parts.unit === 'minutes'
      ? parts.value === 0
        ? t('time.justNow')
        : t('time.minutesAgo', { count: parts.value })
      : parts.unit === 'hours'
        ? t('time.hoursAgo', { count: parts.value })
        : formatDate(parts.value, language);
  return <time dateTime={timestamp}>{text}</time>;
}

function AlertItem({
  alert,
  now,
  onDismiss,
  onViewDetails,
}: {
  alert: UserAlert;
  now: Date;
  onDismiss: (id: string) => void;
  onViewDetails: (alert: UserAlert) => void;
}) {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  const TypeIcon = TYPE_ICONS[alert.type];
  return (
    <Card data-testid="alert-item" data-alert-id={alert.id}>
      <div className="alerts-item__head">
        <div>
          <div className="alerts-row">
            <TypeIcon />
            <Heading level={3} fontSize="medium">
              {alert.title}
            </Heading>
          </div>
          <div className="alerts-row">
            <Text as="span" fontWeight="bold">
              {alert.asset === GENERAL_ASSET ? t('marketGeneral') : alert.asset}
            </Text>
            <Badge variant={SEVERITY_VARIANTS[alert.severity]}>{t(`severity.${alert.severity}`)}</Badge>
            <Text as="span" className="app-muted" fontSize="small">
              {t(`types.${alert.type}`)} · <RelativeTime timestamp={alert.timestamp} now={now} />
            </Text>
            {alert.actionRequired ? <Badge variant="warning">{t('summary.actionRequired')}</Badge> : null}
            {alert.read ? null : (
              <Badge variant="info" data-testid="alert-unread">
                {t('unread')}
              </Badge>
            )}
          </div>
        </div>
        <Button
          size="small"
          variation="link"
          aria-label={t('dismissAria', { title: alert.title })}
          onClick={() => onDismiss(alert.id)}
        >
          <CloseIcon size={16} />
        </Button>
      </div>
      <Text marginTop="small">{alert.message}</Text>
      <div className="alerts-row alerts-item__actions">
        <Button size="small" aria-haspopup="dialog" onClick={() => onViewDetails(alert)}>
          {t('viewDetails')}
        </Button>
        {alert.actionRequired ? (
          <Button size="small" variation="primary" onClick={() => void navigate('/portfolio')}>
            {t('takeAction')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export interface AlertsViewProps {
  alerts: readonly UserAlert[];
  now: Date;
  onDismiss: (id: string) => void;
  onRestoreAll: () => void;
  /** An alert was opened (View Details): the page marks it read. */
  onRead: (id: string) => void;
  /** Settings: the page opens the notification preferences. */
  onOpenSettings: () => void;
  /** Demo visitors see the three sample alerts (docs/product.md "Screens") and nothing they do is saved. */
  demo: boolean;
}

/** docs/product.md "Screens": the alerts screen, from already-loaded alerts. */
export function AlertsView({
  alerts,
  now,
  onDismiss,
  onRestoreAll,
  onRead,
  onOpenSettings,
  demo,
}: AlertsViewProps) {
  const { t } = useTranslation('alerts');
  const { language } = usePreferences();
  const [filter, setFilter] = useState<AlertFilter>('all');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<AlertFilters>(NO_ALERT_FILTERS);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const active = alerts.filter((alert) => !alert.dismissed);
  const dismissedCount = alerts.length - active.length;
  const summary = summariseAlerts(active);
  const visible = filterAlerts(applyAlertFilters(active, filters), filter);
  const filterCount = activeFilterCount(filters);
  const viewDetails = (alert: UserAlert) => {
    setDetailsId(alert.id);
    if (!alert.read) onRead(alert.id);
  };

  const list =
    visible.length === 0 ? (
      <EmptyState title={t('empty.title')} description={t('empty.description')} />
    ) : (
      <ul className="alerts-list">
        {visible.map((alert) => (
          <li key={alert.id}>
            <AlertItem alert={alert} now={now} onDismiss={onDismiss} onViewDetails={viewDetails} />
          </li>
        ))}
      </ul>
    );

  const tiles = [
    { key: 'critical', value: summary.critical },
    { key: 'medium', value: summary.medium },
    { key: 'info', value: summary.info },
    { key: 'actionRequired', value: summary.actionRequired },
  ] as const;

  return (
    <Flex direction="column" gap="large">
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
        <div>
          <Heading level={1}>{t('title')}</Heading>
          <Text className="app-muted">{t('subtitle')}</Text>
          {demo ? (
            <Text className="app-muted" fontSize="small">
              {t('demoNote')}
            </Text>
          ) : null}
        </div>
        <Flex gap="small" wrap="wrap">
          <Button size="small" gap="xs" aria-haspopup="dialog" onClick={onOpenSettings}>
            <GearIcon size={16} /> {t('settings')}
          </Button>
          <Button
            size="small"
            aria-expanded={filtersOpen}
            aria-controls="alerts-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('filters')}
            {filterCount > 0 ? (
              <Badge variant="info" aria-label={t('filtersPanel.active', { count: filterCount })}>
                {formatNumber(filterCount, language, 0)}
              </Badge>
            ) : null}
          </Button>
        </Flex>
      </Flex>
      {filtersOpen ? (
        <div id="alerts-filters">
          <AlertFiltersPanel alerts={active} filters={filters} onChange={setFilters} />
        </div>
      ) : null}
      <AlertDetailsDialog
        alert={alerts.find((alert) => alert.id === detailsId) ?? null}
        onClose={() => setDetailsId(null)}
      />

      <div className="alerts-summary">
        {tiles.map((tile) => (
          <Card key={tile.key} data-testid={`alerts-summary-${tile.key}`}>
            <Text className="app-muted">
              {tile.key === 'actionRequired'
                ? t('summary.actionRequired')
                : t(`severity.${FILTER_SEVERITY[tile.key]}`)}
            </Text>
            <div className="alerts-summary__value">{formatNumber(tile.value, language, 0)}</div>
          </Card>
        ))}
      </div>

      {dismissedCount > 0 ? (
        <Card className="alerts-dismissed-bar" data-testid="alerts-dismissed-bar">
          <Text>{t('dismissed', { count: dismissedCount })}</Text>
          <Button size="small" onClick={onRestoreAll}>
            {t('restoreAll')}
          </Button>
        </Card>
      ) : null}

      <Tabs<AlertFilter>
        value={filter}
        onChange={setFilter}
        label={t('filterLabel')}
        justify={false}
        items={[
          { value: 'all', label: t('tabs.all'), content: list },
          // One severity vocabulary (issue 46): tabs and counters use the badges' words.
          { value: 'critical', label: t('severity.high'), content: list },
          { value: 'medium', label: t('severity.medium'), content: list },
          { value: 'info', label: t('severity.low'), content: list },
        ]}
      />
    </Flex>
  );
}
