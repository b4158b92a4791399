import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '@app/shared/domain/entities/portfolio';
import type { AssetType } from '@app/shared/domain/enums';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { formatMarketDate } from '@/kit/market/market-date';

/** The asset chosen from the search: symbol, name, type, market and price. */
export function SelectedAssetCard({ asset }: { asset: SearchResult }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  return (
    <Card data-testid="selected-asset">
      <Text className="app-muted">{t('portfolio:addDialog.selected')}</Text>
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Text fontWeight="bold">
          {asset.symbol} · {asset.name}
        </Text>
        <Badge variant="secondary">{t(`common:assetTypes.${asset.asset_type}`)}</Badge>
      </Flex>
      <Text className="app-muted">
        {t('portfolio:addDialog.market')}: {asset.market}
        {asset.current_price !== null ? ` · ${formatCurrency(asset.current_price, language)}` : ''}
      </Text>
    </Card>
  );
}

export interface HoldingValues {
  shares: string;
  purchasePrice: string;
  purchaseDate: string;
}

/**
 * Shares (coins for a crypto asset, issue 45), and the optional purchase price and date: not after today, or in replay not after the
 * market clock's date (`replayDate`), which is then also the default.
 */
export function HoldingFields({
  values,
  onEdit,
  latestDate,
  replayDate,
  assetType,
}: {
  values: HoldingValues;
  onEdit: (field: keyof HoldingValues, value: string) => void;
  latestDate: string;
  replayDate: string | null;
  /** The chosen asset's type (null before one is chosen). */
  assetType: AssetType | null;
}) {
  const { t } = useTranslation('portfolio');
  const { language } = usePreferences();
  const crypto = assetType === 'crypto';
  return (
    <>
      <TextField
        label={crypto ? t('addDialog.coins.label') : t('addDialog.shares.label')}
        placeholder={t('addDialog.shares.placeholder')}
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        value={values.shares}
        onChange={(event) => onEdit('shares', event.target.value)}
      />
      <TextField
        label={t('addDialog.purchasePrice.label')}
        placeholder={crypto ? t('addDialog.coins.placeholder') : t('addDialog.purchasePrice.placeholder')}
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        value={values.purchasePrice}
        onChange={(event) => onEdit('purchasePrice', event.target.value)}
      />
      <TextField
        label={t('addDialog.purchaseDate.label')}
        type="date"
        max={latestDate}
        value={values.purchaseDate}
        onChange={(event) => onEdit('purchaseDate', event.target.value)}
        descriptiveText={
          replayDate
            ? t('addDialog.purchaseDateReplay', { date: formatMarketDate(replayDate, language) })
            : undefined
        }
      />
    </>
  );
}
