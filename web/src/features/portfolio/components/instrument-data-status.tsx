import { Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { InstrumentStatus } from '@app/shared/domain/entities/instruments';
import type { Language } from '@app/shared/domain/enums';
import { formatDate, formatQuote, localeFor, numberFormat } from '@app/shared/domain/rules/formatting';
import { routeQueryKey } from '@/kit/api/route-key';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { usePreferences } from '@/kit/preferences/preferences';

/** While an on-demand backfill runs, its state is asked for again this often. */
export const INSTRUMENT_POLL_MS = 2_000;

/**
 * What the store holds for the chosen symbol (GET /api/portfolio/instruments/{symbol}): its grade and
 * dated price; in live mode, a symbol not fetched yet is asked for at once and its progress shown
 * until the grade arrives, without a reload; otherwise why there is none, in the server's words.
 */
export function InstrumentDataStatus({ symbol }: { symbol: string }) {
  const queryClient = useQueryClient();
  const request = { params: { symbol } };
  const status = useRouteQuery(contract.portfolio.getInstrument, request, {
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? INSTRUMENT_POLL_MS : false),
  });
  const fetchData = useRouteMutation(contract.portfolio.fetchInstrument, {
    onSuccess: (answer) =>
      queryClient.setQueryData(routeQueryKey(contract.portfolio.getInstrument, request), answer),
  });
  const state = status.data?.state;
  const { mutate, isIdle } = fetchData;
  useEffect(() => {
    if (state === 'not_fetched' && isIdle) mutate({ params: { symbol } });
  }, [state, isIdle, mutate, symbol]);

  if (!status.data) return null;
  return (
    <div aria-live="polite" data-testid="instrument-status" data-state={status.data.state}>
      <StatusLine status={status.data} requesting={fetchData.isPending} failed={fetchData.isError} />
    </div>
  );
}

/** A score with its one decimal, in the reader's number format ("50.0", "50,0"). */
const formatScore = (score: number, language: Language) =>
  numberFormat(localeFor(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score);

interface StatusLineProps {
  status: InstrumentStatus;
  requesting: boolean;
  failed: boolean;
}

function StatusLine({ status, requesting, failed }: StatusLineProps) {
  const { t } = useTranslation('portfolio');
  const { language } = usePreferences();
  if (status.state === 'ready' && status.quote && status.grade !== null) {
    return (
      <Text>
        {t('instrument.ready', {
          grade: status.grade,
          score: status.composite_score === null ? '-' : formatScore(status.composite_score, language),
          price: formatQuote(status.symbol, status.quote.price, language),
          date: formatDate(status.quote.as_of, language, 'UTC'),
          // A replayed quote's source is a package path: named in words instead (issue 45).
          source: status.quote.mode === 'replay' ? t('instrument.replaySource') : status.quote.source,
        })}
      </Text>
    );
  }
  if (status.state === 'pending' || requesting) {
    return (
      <>
        <Loader variation="linear" ariaLabel={t('instrument.fetchingLabel', { symbol: status.symbol })} />
        <Text className="app-muted">
          {t('instrument.fetching', { symbol: status.symbol, count: status.progress?.bars_stored ?? 0 })}
        </Text>
      </>
    );
  }
  if (status.state === 'not_fetched') {
    return (
      <Text className="app-muted">{t(failed ? 'instrument.requestFailed' : 'instrument.notFetched')}</Text>
    );
  }
  return <Text className="app-muted">{status.reason}</Text>;
}
