import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@/kit/api/route-query';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { formatFixed } from '@/lib/backtest/backtest-claims';
import { LiveOutcomes } from './live-outcomes';

const DAY_MS = 86_400_000;

/**
 * The live record, apart from the backtest (docs/product.md "Track record"; engine/README.md "Grade
 * chain"): in replay, that there is none; live, how young the chain is, its head entry and hash, how
 * to verify it, and the outcomes per horizon once each has passed (live-outcomes.tsx).
 */
export function LiveRecord() {
  const { t } = useTranslation('home');
  const { language } = usePreferences();
  const chain = useRouteQuery(contract.ai.gradeChain);
  if (chain.isPending) return <Text>{t('trackRecordPage.live.loading')}</Text>;
  if (!chain.data)
    return <Text data-testid="live-record-error">{t('trackRecordPage.live.unavailable')}</Text>;
  const { data_mode: mode, head, first_date: first, entries } = chain.data;
  if (mode === 'replay') return <Text data-testid="no-live-record">{t('trackRecordPage.live.replay')}</Text>;
  if (!head || !first) return <Text data-testid="no-live-record">{t('trackRecordPage.live.empty')}</Text>;
  const days = Math.round((Date.parse(head.date) - Date.parse(first)) / DAY_MS) + 1;
  return (
    <div data-testid="live-record">
      <Text>
        {t('trackRecordPage.live.since', {
          first: formatMarketDate(first, language),
          entries: formatFixed(entries, language, 0),
          days: formatFixed(days, language, 0),
        })}
      </Text>
      <Text>
        {t('trackRecordPage.live.head', {
          date: formatMarketDate(head.date, language),
          count: formatFixed(head.grade_count, language, 0),
          version: head.formula_version,
        })}
      </Text>
      <Text>
        {t('trackRecordPage.live.hashLabel')} <code data-testid="chain-head">{head.hash}</code>
      </Text>
      <Text className="app-muted">{t('trackRecordPage.live.verify')}</Text>
      <LiveOutcomes outcomes={chain.data.outcomes ?? []} />
    </div>
  );
}
