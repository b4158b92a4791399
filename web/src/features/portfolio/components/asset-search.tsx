import { Text, TextField } from '@aws-amplify/ui-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import {
  ADD_ASSET_SEARCH_LIMIT,
  SEARCH_MIN_LENGTH,
  type SearchResult,
} from '@app/shared/domain/entities/portfolio';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { usePreferences } from '@/kit/preferences/preferences';

/**
 * docs/product.md "Business rules and limits", the sites' timing: the search waits 300 ms after the last
 * keystroke.
 */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * GET /api/portfolio/search?q=&limit=8 (docs/product.md "Screens", portfolio) on the debounced text, from 2
 * characters; the previous results stay while the next ones load, and a failed search shows no results.
 */
function useAssetSearch(text: string) {
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const query = debounced.trim();
  const search = useRouteQuery(
    contract.portfolio.search,
    { query: { q: query, limit: ADD_ASSET_SEARCH_LIMIT } },
    { enabled: query.length >= SEARCH_MIN_LENGTH, placeholderData: keepPreviousData },
  );
  const typed = text.trim().length >= SEARCH_MIN_LENGTH;
  return {
    results: typed && !search.isError ? (search.data?.results ?? []) : [],
    searching: search.isFetching,
    settled: debounced === text,
  };
}

export interface AssetSearchProps {
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (result: SearchResult) => void;
}

/** The search field and its results: symbol, name, market, type and price. */
export function AssetSearch({ text, onTextChange, onChoose }: AssetSearchProps) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const { results, searching, settled } = useAssetSearch(text);
  return (
    <>
      <TextField
        label={t('portfolio:addDialog.search.label')}
        placeholder={t('portfolio:addDialog.search.placeholder')}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        autoComplete="off"
        type="search"
      />
      {text.trim().length >= SEARCH_MIN_LENGTH ? (
        <div aria-live="polite">
          {searching && results.length === 0 ? (
            <Text className="app-muted">{t('portfolio:addDialog.search.searching')}</Text>
          ) : results.length === 0 && settled ? (
            <Text className="app-muted">{t('portfolio:addDialog.search.noResults')}</Text>
          ) : (
            <ul className="portfolio__results" data-testid="search-results">
              {results.map((result) => (
                <li key={result.symbol}>
                  <button type="button" className="portfolio__result" onClick={() => onChoose(result)}>
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
    </>
  );
}
