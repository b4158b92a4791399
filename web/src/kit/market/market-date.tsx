import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { formatDate } from '@app/shared/domain/rules/formatting';
import type { Language } from '@app/shared/domain/enums';
import { useRouteQuery } from '../api/route-query';
import { usePreferences } from '../preferences/preferences';
import { Badge } from '../ui/badge';

/**
 * The market's date, as both sites name it (functions/src/market-data/README.md "The market clock"):
 * in replay every figure on screen belongs to the clock's date, so the header says which one
 * ("Replay · 14 Mar 2017") and a page labels its periods with dates, never "today" or "live".
 */

/** A market date (YYYY-MM-DD) in the reader's language, as the calendar day it is (UTC). */
export function formatMarketDate(date: string, language: Language): string {
  return formatDate(`${date}T00:00:00Z`, language, 'UTC');
}

/** The longest delay a browser timer keeps (a signed 32-bit number of milliseconds). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Wait at least this long before asking the clock again (a date lasts a minute by default). */
const MIN_REFETCH_MS = 1_000;

/**
 * How long until the clock is asked again: just after its next change (at least a second later), and
 * at most 2^31 - 1 ms, the longest delay a browser timer keeps (a longer one fires at once: a change
 * 25 days away would be asked for in a loop). False: the clock does not change (no next change).
 */
export function clockRefetchMs(nextChangeAt: string | null | undefined, now: number): number | false {
  if (!nextChangeAt) return false;
  return Math.min(MAX_TIMER_MS, Math.max(MIN_REFETCH_MS, Date.parse(nextChangeAt) - now + 250));
}

/**
 * The market clock's reading, refetched when its date changes; on a change every other cached answer
 * is refetched too, so no screen keeps prices of the previous date beside the new one in the header.
 */
export function useMarketDate() {
  const queryClient = useQueryClient();
  const clock = useRouteQuery(contract.ai.marketClock, undefined, {
    staleTime: 0,
    refetchInterval: (query) => clockRefetchMs(query.state.data?.next_change_at, Date.now()),
  });
  const date = clock.data?.market_date;
  const previous = useRef(date);
  useEffect(() => {
    if (date && previous.current && previous.current !== date) {
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== contract.ai.marketClock.id,
      });
    }
    previous.current = date;
  }, [date, queryClient]);
  return {
    /** The clock has not answered yet (a failed call is not pending). */
    pending: clock.isPending && clock.fetchStatus !== 'idle',
    mode: clock.data?.data_mode ?? null,
    date: date ?? null,
    replay: clock.data?.data_mode === 'replay',
  };
}

/** The header's mark: "Replay · <date>" over replayed history, "Live" on live data. */
export function MarketDateBadge() {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  const market = useMarketDate();
  // Until the clock answers, a placeholder of a replay badge's width holds the header's layout: the
  // badge arriving late would wrap a phone's header actions and shift the page.
  if (market.pending) return <span className="app-skeleton app-skeleton--badge app-market-date-pending" />;
  if (!market.mode || !market.date) return null;
  const date = formatMarketDate(market.date, language);
  return market.replay ? (
    <Badge variant="info" data-testid="market-date" title={t('replay.headerHint', { date })}>
      {t('replay.header', { date })}
    </Badge>
  ) : (
    <Badge variant="success" data-testid="market-date">
      {t('live')}
    </Badge>
  );
}
