import { Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';

export interface WelcomeCardProps {
  /** Null while the session is checked and no name is remembered: a skeleton of the greeting. */
  name: string | null;
  aiLive: boolean;
  /** The calls that decide the AI status have not answered yet: no status is claimed. */
  aiPending: boolean;
  /**
   * While the cards show the answers kept from the last visit: their market date. The badge says so in
   * place of the AI status, which a kept answer does not claim (the same row: nothing moves when it goes).
   */
  keptDate: string | null;
  /** In replay, the market clock's date every figure belongs to; null on live data. */
  replayDate: string | null;
  isDemo: boolean;
  /** An account created in this session: welcomed, not welcomed back. */
  isNewAccount: boolean;
}

/** The greeting with the AI status, replay and demo badges. */
export function WelcomeCard({
  name,
  aiLive,
  aiPending,
  keptDate,
  replayDate,
  isDemo,
  isNewAccount,
}: WelcomeCardProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { language } = usePreferences();
  const date = replayDate ? formatMarketDate(replayDate, language) : null;
  return (
    <Card className="app-welcome">
      <Heading level={1} className="app-welcome__title">
        {name === null ? (
          <span className="app-skeleton app-welcome__title-pending" data-testid="welcome-pending">
            <VisuallyHidden>{t('common:status.loading')}</VisuallyHidden>
          </span>
        ) : isNewAccount ? (
          t('dashboard:welcome.titleNew', { name })
        ) : (
          t('dashboard:welcome.title', { name })
        )}
      </Heading>
      <Text className="app-welcome__subtitle">
        {date ? t('dashboard:welcome.subtitleReplay', { date }) : t('dashboard:welcome.subtitle')}
      </Text>
      <div className="app-badges-row dashboard__status">
        {keptDate ? (
          <Badge variant="info" title={t('dashboard:kept.description')} data-testid="kept-answers">
            {t('dashboard:kept.badge', { date: formatMarketDate(keptDate, language) })}
          </Badge>
        ) : aiPending ? (
          <span className="app-skeleton app-skeleton--badge" data-testid="ai-status-pending">
            <VisuallyHidden>{t('common:status.loading')}</VisuallyHidden>
          </span>
        ) : (
          <Badge variant={aiLive ? 'success' : 'destructive'} data-testid="ai-status">
            {aiLive ? (date ? t('dashboard:ai.replay') : t('dashboard:ai.live')) : t('dashboard:ai.offline')}
          </Badge>
        )}
        {date ? (
          <Badge variant="warning" title={t('common:replay.description')}>
            {t('common:replay.badge')}
          </Badge>
        ) : null}
        {isDemo ? <Badge variant="warning">{t('common:demo.badge')}</Badge> : null}
      </div>
      {!aiLive && !aiPending && !keptDate ? (
        <Text className="app-muted">{t('dashboard:ai.offlineDescription')}</Text>
      ) : null}
    </Card>
  );
}
