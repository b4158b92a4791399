import { useState, type ReactNode } from 'react';
import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import type { ScreenerSortColumn } from '@app/shared/domain/entities/screener';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { ScreenerFilters } from './screener-filters';
import { ScreenerTable } from './screener-table';
import {
  EMPTY_FORM,
  PAGE_SIZE,
  nextSort,
  queryOf,
  type FilterField,
  type ScreenState,
} from './screener-query';
import './screener.css';

export interface ScreenerPageProps {
  /** Whether the plan has every filter (the catalogue's screener_filters); else asset type and grade only. */
  allFilters: boolean;
  /** The asset's explained score, composed by the app (another feature's panel). */
  explanation: (symbol: string) => ReactNode;
  /** A control at the end of each row, composed by the app (the watchlists' "add to watchlist"). */
  rowAction?: (symbol: string) => ReactNode;
}

const INITIAL: ScreenState = { form: EMPTY_FORM, sort: 'score', order: 'desc', page: 1 };

/** docs/product.md "Screener": the graded universe of the market date, filtered, sorted and paged. */
export function ScreenerPage({ allFilters, explanation, rowAction }: ScreenerPageProps) {
  const { t, i18n } = useTranslation(['screener', 'common']);
  const { language } = usePreferences();
  const [search, setSearch] = useSearchParams();
  const [draft, setDraft] = useState(INITIAL.form);
  const [state, setState] = useState<ScreenState>(INITIAL);
  const screen = useRouteQuery(contract.ai.screener, { query: queryOf(state, allFilters) });
  const explained = search.get('explain');

  const explainHref = (symbol: string) => {
    const next = new URLSearchParams(search);
    next.set('explain', symbol);
    return `/screener?${next.toString()}`;
  };
  const closeExplanation = () => {
    const next = new URLSearchParams(search);
    next.delete('explain');
    setSearch(next);
  };
  const onChange = (field: FilterField, value: string) => setDraft((form) => ({ ...form, [field]: value }));
  const onSort = (column: ScreenerSortColumn) => setState((current) => nextSort(current, column));
  const data = screen.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // The first screen waits for its rows: the intro and the table would otherwise push the page down as
  // they arrive (CLS). Later pages and filters load inside the table's card.
  if (screen.isPending && state === INITIAL)
    return <Loader size="large" aria-label={t('common:status.loading')} />;

  return (
    <Flex direction="column" gap="medium" className="screener">
      <Heading level={1}>{t('title')}</Heading>
      {data ? <Text>{t('intro', { date: formatDate(data.market_date, language, 'UTC') })}</Text> : null}
      <Card>
        <ScreenerFilters
          form={draft}
          etfCategories={data?.etf_categories ?? []}
          sectors={data?.sectors ?? []}
          onChange={onChange}
          onApply={() => setState((current) => ({ ...current, form: draft, page: 1 }))}
          onReset={() => {
            setDraft(EMPTY_FORM);
            setState(INITIAL);
          }}
        />
      </Card>
      {explained ? (
        <Card className="screener__explanation">
          <Flex justifyContent="space-between" alignItems="center">
            <Heading level={2} fontSize="large">
              {t('explained', { symbol: explained })}
            </Heading>
            <Button size="small" onClick={closeExplanation}>
              {t('closeExplanation')}
            </Button>
          </Flex>
          {explanation(explained)}
        </Card>
      ) : null}
      <Card>
        {screen.isPending ? <Loader /> : null}
        {screen.isError ? (
          <Text role="alert">{serverMessageOf(screen.error, i18n) ?? t('loadFailed')}</Text>
        ) : null}
        {data && !data.graded ? <Text>{t('notGraded')}</Text> : null}
        {data && data.graded ? (
          <Flex direction="column" gap="small">
            <Text data-testid="screener-total">
              {t('matches', { count: data.total, universe: data.universe })}
            </Text>
            {data.rows.length === 0 ? (
              <Text>{t('empty')}</Text>
            ) : (
              <ScreenerTable
                rows={data.rows}
                sort={state.sort}
                order={state.order}
                language={language}
                onSort={onSort}
                explainHref={explainHref}
                rowAction={rowAction}
              />
            )}
            <Flex gap="small" alignItems="center">
              <Button
                size="small"
                isDisabled={state.page <= 1}
                onClick={() => setState((current) => ({ ...current, page: current.page - 1 }))}
              >
                {t('previous')}
              </Button>
              <Text>{t('pageOf', { page: state.page, pages })}</Text>
              <Button
                size="small"
                isDisabled={state.page >= pages}
                onClick={() => setState((current) => ({ ...current, page: current.page + 1 }))}
              >
                {t('next')}
              </Button>
            </Flex>
            {data.dividend_yield_note ? (
              <Text className="screener__note">{data.dividend_yield_note}</Text>
            ) : null}
          </Flex>
        ) : null}
      </Card>
    </Flex>
  );
}
