import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { SearchResult } from '@app/shared/domain/entities/portfolio';
import { isApiError } from '@/kit/api/api-client';
import { serverMessageOf, upgradeMessageOf, type Translator } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useMarketDate } from '@/kit/market/market-date';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';
import { checkFeatureNow } from '@/lib/feature-access';
import { HoldingFields, SelectedAssetCard, type HoldingValues } from './add-asset-fields';
import { todayIsoDate, validateAddAsset } from './add-asset-validation';
import { AssetSearch } from './asset-search';
import { InstrumentDataStatus } from './instrument-data-status';

const emptyHolding = (latestDate: string): HoldingValues => ({
  shares: '',
  purchasePrice: '',
  purchaseDate: latestDate,
});

/**
 * docs/product.md "Errors and empty results": 403 -> the upgrade message; others -> the server's text or the
 * generic one.
 */
function addErrorMessage(
  error: unknown,
  t: (key: 'errors.limitReached' | 'errors.addFailed') => string,
  translator: Translator,
) {
  if (isApiError(error) && error.status === 403)
    return upgradeMessageOf(error, translator) ?? t('errors.limitReached');
  return serverMessageOf(error, translator) ?? t('errors.addFailed');
}

export interface AddAssetDialogProps {
  open: boolean;
  onClose: () => void;
}

/** docs/product.md "Screens", portfolio: search, select, shares, optional price and date, add. */
export function AddAssetDialog({ open, onClose }: AddAssetDialogProps) {
  const { t, i18n } = useTranslation(['portfolio', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  // Idempotent in the contract: one Idempotency-Key per submission, reused by its retry.
  const addHolding = useRouteMutation(contract.portfolio.add);
  // In replay the present is the market clock's date: the purchase defaults to it, never after it.
  const market = useMarketDate();
  const replayDate = market.replay ? market.date : null;
  const latestDate = replayDate ?? todayIsoDate();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<SearchResult | null>(null);
  const [entered, setHolding] = useState<HoldingValues>(() => emptyHolding(latestDate));
  const [touchedDate, setTouchedDate] = useState(false);
  // The clock's answer may arrive after the dialog opened: the date follows it until the user picks one.
  const holding = touchedDate ? entered : { ...entered, purchaseDate: latestDate };
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function reset() {
    setSearch('');
    setSelected(null);
    setHolding(emptyHolding(latestDate));
    setTouchedDate(false);
    setError(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const validation = validateAddAsset({ selected, ...holding, latestDate });
    if (!validation.ok) {
      setError(t(`portfolio:errors.${validation.error}`));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      // docs/product.md "Screens", portfolio: the quota is checked before adding (fresh, never from cache).
      const access = await checkFeatureNow(queryClient, 'portfolio_assets');
      if (!access.access.allowed) {
        setError(access.access.upgrade_message ?? t('portfolio:errors.limitReachedPlan'));
        return;
      }
      const result = await addHolding.mutateAsync({ body: validation.payload });
      toast.show({
        title: t('portfolio:toasts.addedTitle'),
        description: t('portfolio:toasts.addedBody', { name: result.name }),
        variant: 'success',
      });
      close();
    } catch (caught: unknown) {
      setError(addErrorMessage(caught, (key) => t(`portfolio:${key}`), i18n));
    } finally {
      setSubmitting(false);
    }
  }

  const canSubmit = selected !== null && holding.shares.trim() !== '' && !submitting;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('portfolio:addDialog.title')}
      description={t('portfolio:addDialog.description')}
      closeLabel={t('common:buttons.close')}
    >
      <form onSubmit={submit} className="portfolio__form" noValidate>
        <AssetSearch
          text={search}
          onTextChange={(text) => {
            setSearch(text);
            setError(null);
          }}
          onChoose={(result) => {
            setSelected(result);
            setSearch('');
            setError(null);
          }}
        />
        {selected ? <SelectedAssetCard asset={selected} /> : null}
        {selected ? <InstrumentDataStatus symbol={selected.symbol} /> : null}
        <HoldingFields
          values={holding}
          latestDate={latestDate}
          replayDate={replayDate}
          assetType={selected?.asset_type ?? null}
          onEdit={(field, value) => {
            if (field === 'purchaseDate') setTouchedDate(true);
            setHolding((current) => ({ ...current, [field]: value }));
            setError(null);
          }}
        />
        {error ? (
          <Text role="alert" className="portfolio__error" data-testid="add-asset-error">
            {error}
          </Text>
        ) : null}
        <Flex gap="small" justifyContent="flex-end">
          <Button type="button" onClick={close}>
            {t('portfolio:addDialog.cancel')}
          </Button>
          <Button type="submit" variation="primary" isDisabled={!canSubmit} data-testid="add-asset-submit">
            {submitting ? t('portfolio:addDialog.submitting') : t('portfolio:addDialog.submit')}
          </Button>
        </Flex>
      </form>
    </Dialog>
  );
}
