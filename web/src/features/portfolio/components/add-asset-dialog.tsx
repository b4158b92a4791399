import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '@app/shared/domain/entities/portfolio';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';
import { isApiError } from '@/kit/api/api-client';
import { usePreferences } from '@/kit/preferences/preferences';
import { featureCheckQueryOptions } from '../api/get-subscription-limits';
import { useAddHolding } from '../api/holdings';
import { useSearchAssets } from '../api/search-assets';
import { todayIsoDate, validateAddAsset } from './add-asset-validation';

/** Part 2 section 9: the search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Part 2 section 8: 403 -> the upgrade message; others -> the server's detail or the generic text. */
function addErrorMessage(
  error: unknown,
  t: (key: 'portfolio:errors.limitReached' | 'portfolio:errors.addFailed') => string,
) {
  if (isApiError(error)) {
    const detail = error.body?.detail;
    if (error.status === 403) {
      return detail && typeof detail === 'object'
        ? detail.upgrade_message
        : t('portfolio:errors.limitReached');
    }
    if (typeof detail === 'string' && detail) return detail;
    if (error.body?.error) return error.body.error;
  }
  return t('portfolio:errors.addFailed');
}

export interface AddAssetDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Part 2 sections 2, 4 and 5: search, select, shares, optional price and date, add. */
export function AddAssetDialog({ open, onClose }: AddAssetDialogProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const queryClient = useQueryClient();
  const addHolding = useAddHolding();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<SearchResult | null>(null);
  const [shares, setShares] = useState('');
  const [purchasePrice, setPurchasePrice] = useState('');
  const [purchaseDate, setPurchaseDate] = useState(todayIsoDate);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const searchQuery = useSearchAssets(debounced);
  const results = search.trim().length >= 2 ? (searchQuery.data ?? []) : [];

  function reset() {
    setSearch('');
    setSelected(null);
    setShares('');
    setPurchasePrice('');
    setPurchaseDate(todayIsoDate());
    setError(null);
  }

  function edit(setter: (value: string) => void) {
    return (value: string) => {
      setter(value);
      setError(null);
    };
  }

  function choose(result: SearchResult) {
    setSelected(result);
    setSearch('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const validation = validateAddAsset({ selected, shares, purchasePrice, purchaseDate });
    if (!validation.ok) {
      setError(t(`portfolio:errors.${validation.error}`));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      // Part 2 section 5: the quota is checked before adding (fresh, never from cache).
      const access = await queryClient.fetchQuery({
        ...featureCheckQueryOptions('portfolio_assets'),
        staleTime: 0,
      });
      if (!access.access.allowed) {
        setError(access.access.upgrade_message ?? t('portfolio:errors.limitReachedPlan'));
        return;
      }
      const result = await addHolding.mutateAsync({
        payload: validation.payload,
        idempotencyKey: crypto.randomUUID(),
      });
      toast.show({
        title: t('portfolio:toasts.addedTitle'),
        description: t('portfolio:toasts.addedBody', { name: result.name }),
        variant: 'success',
      });
      reset();
      onClose();
    } catch (caught: unknown) {
      setError(addErrorMessage(caught, t));
    } finally {
      setSubmitting(false);
    }
  }

  const canSubmit = selected !== null && shares.trim() !== '' && !submitting;

  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('portfolio:addDialog.title')}
      description={t('portfolio:addDialog.description')}
      closeLabel={t('common:buttons.close')}
    >
      <form onSubmit={submit} className="portfolio__form" noValidate>
        <TextField
          label={t('portfolio:addDialog.search.label')}
          placeholder={t('portfolio:addDialog.search.placeholder')}
          value={search}
          onChange={(event) => edit(setSearch)(event.target.value)}
          autoComplete="off"
          type="search"
        />
        {search.trim().length >= 2 ? (
          <div aria-live="polite">
            {searchQuery.isFetching && results.length === 0 ? (
              <Text className="app-muted">{t('portfolio:addDialog.search.searching')}</Text>
            ) : results.length === 0 && debounced === search ? (
              <Text className="app-muted">{t('portfolio:addDialog.search.noResults')}</Text>
            ) : (
              <ul className="portfolio__results" data-testid="search-results">
                {results.map((result) => (
                  <li key={result.symbol}>
                    <button type="button" className="portfolio__result" onClick={() => choose(result)}>
                      <span className="portfolio__result-symbol">{result.symbol}</span>
                      <span className="portfolio__result-name">{result.name}</span>
                      <span className="app-muted">
                        {result.market} · {t(`common:assetTypes.${result.asset_type}`)}
                      </span>
                      {result.current_price !== null ? (
                        <span>{formatCurrency(result.current_price, language)}</span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        {selected ? (
          <Card data-testid="selected-asset">
            <Text className="app-muted">{t('portfolio:addDialog.selected')}</Text>
            <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
              <Text fontWeight="bold">
                {selected.symbol} · {selected.name}
              </Text>
              <Badge variant="secondary">{t(`common:assetTypes.${selected.asset_type}`)}</Badge>
            </Flex>
            <Text className="app-muted">
              {t('portfolio:addDialog.market')}: {selected.market}
              {selected.current_price !== null
                ? ` · ${formatCurrency(selected.current_price, language)}`
                : ''}
            </Text>
          </Card>
        ) : null}
        <TextField
          label={t('portfolio:addDialog.shares.label')}
          placeholder={t('portfolio:addDialog.shares.placeholder')}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={shares}
          onChange={(event) => edit(setShares)(event.target.value)}
        />
        <TextField
          label={t('portfolio:addDialog.purchasePrice.label')}
          placeholder={t('portfolio:addDialog.purchasePrice.placeholder')}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={purchasePrice}
          onChange={(event) => edit(setPurchasePrice)(event.target.value)}
        />
        <TextField
          label={t('portfolio:addDialog.purchaseDate.label')}
          type="date"
          max={todayIsoDate()}
          value={purchaseDate}
          onChange={(event) => edit(setPurchaseDate)(event.target.value)}
        />
        {error ? (
          <Text role="alert" className="portfolio__error" data-testid="add-asset-error">
            {error}
          </Text>
        ) : null}
        <Flex gap="small" justifyContent="flex-end">
          <Button
            type="button"
            onClick={() => {
              reset();
              onClose();
            }}
          >
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
