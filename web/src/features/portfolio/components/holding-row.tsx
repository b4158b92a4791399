import { Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { EditHoldingPayloadSchema, type PortfolioAsset } from '@app/shared/domain/entities/portfolio';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { gradeBadgeVariant } from '@app/shared/domain/rules/grades';
import { Badge } from '@/kit/ui/badge';
import { useToast } from '@/kit/ui/toast';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { RemoveHoldingButton } from './remove-holding';

/** About six months of daily bars (126 trading days) in a holding's chart. */
const HISTORY_DAYS = 126;

const PriceHistoryChart = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.PriceHistoryChart })),
);

export interface HoldingRowProps {
  asset: PortfolioAsset;
  expanded: boolean;
  onToggle: () => void;
  /** Demo visitors read only: no Edit or Remove requests. */
  readOnly: boolean;
  /** The market date the portfolio was valued at. */
  marketDate: string;
  /** The currency of the row's amounts and prices (the ledger's base currency). */
  currency: string;
}

function HoldingHistory({ asset }: { asset: PortfolioAsset }) {
  const { t } = useTranslation(['portfolio']);
  const { language } = usePreferences();
  // Snapshot-priced holdings (an undated listing price) have no stored history to chart.
  const hasHistory = asset.price_source !== 'snapshot';
  const history = useRouteQuery(
    contract.ai.priceHistory,
    { params: { symbol: asset.symbol }, query: { days: HISTORY_DAYS } },
    { enabled: hasHistory },
  );
  if (!hasHistory) return <Text className="app-muted">{t('portfolio:history.snapshot')}</Text>;
  if (history.isPending) return <Loader aria-label={t('portfolio:history.title')} />;
  if (history.isError || history.data.bars.length === 0)
    return <Text className="app-muted">{t('portfolio:history.unavailable')}</Text>;
  return (
    <div className="portfolio__chart" data-testid="price-history-chart">
      <Text fontWeight="bold">{t('portfolio:history.title')}</Text>
      <Suspense fallback={<Loader />}>
        <PriceHistoryChart bars={history.data.bars} language={language} />
      </Suspense>
    </div>
  );
}

/**
 * One holding; the expanded row shows details, Edit, Remove and the price history (docs/product.md "Screens",
 * portfolio).
 */
export function HoldingRow({ asset, expanded, onToggle, readOnly, marketDate, currency }: HoldingRowProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const edit = useRouteMutation(contract.portfolio.edit);
  const [editing, setEditing] = useState(false);
  const [shares, setShares] = useState(String(asset.shares));
  const [purchasePrice, setPurchasePrice] = useState(
    asset.purchase_price === null ? '' : String(asset.purchase_price),
  );
  const [editError, setEditError] = useState<string | null>(null);
  const detailsId = `holding-${asset.id}`;

  function saveEdit(event: FormEvent) {
    event.preventDefault();
    const parsed = EditHoldingPayloadSchema.safeParse({
      shares: shares.trim() === '' ? Number.NaN : Number(shares),
      purchase_price: purchasePrice.trim() === '' ? null : Number(purchasePrice),
    });
    if (!parsed.success) {
      setEditError(t('portfolio:errors.invalidShares'));
      return;
    }
    edit.mutate(
      { params: { holdingId: asset.id }, body: parsed.data },
      {
        onSuccess: () => {
          setEditing(false);
          toast.show({ title: t('portfolio:toasts.updatedTitle'), variant: 'success' });
        },
        onError: () => setEditError(t('portfolio:errors.editFailed')),
      },
    );
  }

  const change = asset.change_percent;
  const noData = asset.no_data_on
    ? t('common:replay.noDataOn', { date: formatMarketDate(asset.no_data_on, language) })
    : null;
  // A purchase dated after the market date was recorded before the replay started over: no gain yet.
  const boughtLater = asset.purchase_date !== null && asset.purchase_date > marketDate;
  return (
    <li className="portfolio__holding" data-testid={`holding-${asset.symbol}`}>
      <button
        type="button"
        className="portfolio__holding-summary"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        <span className="portfolio__holding-id">
          <span className="portfolio__holding-symbol">{asset.symbol}</span>
          <span className="app-muted">{asset.name}</span>
        </span>
        <span className="portfolio__holding-badges">
          <Badge variant="secondary">{t(`common:assetTypes.${asset.asset_type}`)}</Badge>
          {asset.investment_grade ? (
            <Badge variant={gradeBadgeVariant(asset.investment_grade)}>{asset.investment_grade}</Badge>
          ) : null}
        </span>
        <span className="portfolio__holding-value">
          <span>
            {asset.total_value === null ? noData : formatMoney(asset.total_value, currency, language)}
          </span>
          {change !== null ? (
            <span className={change >= 0 ? 'portfolio__positive' : 'portfolio__negative'}>
              {formatPercent(change, language, { signed: true })}
            </span>
          ) : null}
        </span>
        <span className="app-muted portfolio__holding-toggle">
          {expanded ? t('portfolio:list.collapse') : t('portfolio:list.expand')}
        </span>
      </button>
      {expanded ? (
        <div id={detailsId} className="portfolio__holding-details">
          <dl className="app-definition-list">
            <dt>{asset.asset_type === 'crypto' ? t('portfolio:list.coins') : t('portfolio:list.shares')}</dt>
            <dd data-testid="holding-shares">{formatNumber(asset.shares, language, 4)}</dd>
            <dt>{t('portfolio:list.currentPrice')}</dt>
            <dd>
              {asset.current_price === null ? (
                noData
              ) : (
                <>
                  {formatMoney(asset.current_price, currency, language)}{' '}
                  <span className="app-muted">
                    {asset.price_as_of
                      ? t('common:replay.priceDate', { date: formatDate(asset.price_as_of, language, 'UTC') })
                      : t('portfolio:history.snapshotPrice')}
                  </span>
                </>
              )}
            </dd>
            <dt>{t('portfolio:list.purchasePrice')}</dt>
            <dd>
              {asset.purchase_price === null
                ? t('portfolio:list.notProvided')
                : formatMoney(asset.purchase_price, currency, language)}
            </dd>
            <dt>{t('portfolio:list.purchaseDate')}</dt>
            <dd>
              {asset.purchase_date
                ? formatDate(asset.purchase_date, language, 'UTC')
                : t('portfolio:list.notProvided')}
            </dd>
            <dt>{t('portfolio:list.totalGain')}</dt>
            <dd>
              {asset.gain_amount === null ? (
                boughtLater ? (
                  t('portfolio:gains.afterMarketDate', { date: formatMarketDate(marketDate, language) })
                ) : (
                  t('portfolio:gains.unknown')
                )
              ) : (
                <span className={asset.gain_amount >= 0 ? 'portfolio__positive' : 'portfolio__negative'}>
                  {formatMoney(asset.gain_amount, currency, language)}
                  {asset.gain_percent !== null
                    ? ` (${formatPercent(asset.gain_percent, language, { signed: true })})`
                    : ''}
                </span>
              )}
            </dd>
          </dl>
          {editing ? (
            <form onSubmit={saveEdit} className="portfolio__edit-form" noValidate>
              <TextField
                label={
                  asset.asset_type === 'crypto'
                    ? t('portfolio:addDialog.coins.label')
                    : t('portfolio:addDialog.shares.label')
                }
                type="number"
                step="0.01"
                min="0"
                value={shares}
                onChange={(event) => {
                  setShares(event.target.value);
                  setEditError(null);
                }}
              />
              <TextField
                label={t('portfolio:addDialog.purchasePrice.label')}
                type="number"
                step="0.01"
                min="0"
                value={purchasePrice}
                onChange={(event) => {
                  setPurchasePrice(event.target.value);
                  setEditError(null);
                }}
              />
              {editError ? (
                <Text role="alert" className="portfolio__error">
                  {editError}
                </Text>
              ) : null}
              <Flex gap="small">
                <Button type="submit" variation="primary" isLoading={edit.isPending}>
                  {t('common:buttons.save')}
                </Button>
                <Button type="button" onClick={() => setEditing(false)}>
                  {t('common:buttons.cancel')}
                </Button>
              </Flex>
            </form>
          ) : readOnly ? (
            <Text className="app-muted">{t('common:demo.description')}</Text>
          ) : (
            <Flex gap="small">
              <Button size="small" onClick={() => setEditing(true)}>
                {t('portfolio:list.edit')}
              </Button>
              <RemoveHoldingButton asset={asset} />
            </Flex>
          )}
          <HoldingHistory asset={asset} />
        </div>
      ) : null}
    </li>
  );
}
