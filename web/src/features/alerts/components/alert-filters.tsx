import { Button, CheckboxField, Flex, SelectField, SwitchField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import { MARKET_ALERT_TYPES, type MarketAlertType } from '@app/shared/domain/enums';
import { Card } from '@/kit/ui/card';

export const GENERAL_ASSET = 'GENERAL';

/** The Filters panel's choices; the severity tabs filter on top of them. Empty types: every type. */
export interface AlertFilters {
  types: readonly MarketAlertType[];
  /** A symbol, GENERAL, or null for any asset. */
  asset: string | null;
  unreadOnly: boolean;
}

export const NO_ALERT_FILTERS: AlertFilters = { types: [], asset: null, unreadOnly: false };

export function applyAlertFilters(alerts: readonly UserAlert[], filters: AlertFilters): UserAlert[] {
  return alerts.filter(
    (alert) =>
      (filters.types.length === 0 || filters.types.includes(alert.type)) &&
      (filters.asset === null || alert.asset === filters.asset) &&
      (!filters.unreadOnly || !alert.read),
  );
}

export function activeFilterCount(filters: AlertFilters): number {
  return (filters.types.length > 0 ? 1 : 0) + (filters.asset === null ? 0 : 1) + (filters.unreadOnly ? 1 : 0);
}

/** The alerts page's Filters: by type, asset and read state. */
export function AlertFiltersPanel({
  alerts,
  filters,
  onChange,
}: {
  alerts: readonly UserAlert[];
  filters: AlertFilters;
  onChange: (filters: AlertFilters) => void;
}) {
  const { t } = useTranslation('alerts');
  const assets = [...new Set(alerts.map((alert) => alert.asset))].sort();
  const toggleType = (type: MarketAlertType, on: boolean) =>
    onChange({
      ...filters,
      types: on ? [...filters.types, type] : filters.types.filter((entry) => entry !== type),
    });
  return (
    <Card className="alerts-filters" data-testid="alerts-filters">
      <Text fontWeight="bold">{t('filtersPanel.title')}</Text>
      <fieldset className="alerts-filters__types">
        <legend>{t('filtersPanel.types')}</legend>
        {MARKET_ALERT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            name={`type-${type}`}
            label={t(`types.${type}`)}
            checked={filters.types.includes(type)}
            onChange={(event) => toggleType(type, event.target.checked)}
          />
        ))}
      </fieldset>
      <Flex gap="medium" wrap="wrap" alignItems="flex-end">
        <SelectField
          label={t('filtersPanel.asset')}
          value={filters.asset ?? ''}
          onChange={(event) => onChange({ ...filters, asset: event.target.value || null })}
        >
          <option value="">{t('filtersPanel.anyAsset')}</option>
          {assets.map((asset) => (
            <option key={asset} value={asset}>
              {asset === GENERAL_ASSET ? t('marketGeneral') : asset}
            </option>
          ))}
        </SelectField>
        <SwitchField
          label={t('filtersPanel.unreadOnly')}
          isChecked={filters.unreadOnly}
          onChange={(event) => onChange({ ...filters, unreadOnly: event.target.checked })}
        />
        <Button size="small" onClick={() => onChange(NO_ALERT_FILTERS)}>
          {t('filtersPanel.clear')}
        </Button>
      </Flex>
    </Card>
  );
}
