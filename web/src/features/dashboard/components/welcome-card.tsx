import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { formatMarketDate } from '@/kit/market/market-date';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';

export interface WelcomeCardProps {
  name: string;
  aiLive: boolean;
  /** Explain the offline badge once the calls that decide it have answered. */
  explainOffline: boolean;
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
  explainOffline,
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
        {isNewAccount ? t('dashboard:welcome.titleNew', { name }) : t('dashboard:welcome.title', { name })}
      </Heading>
      <Text>{date ? t('dashboard:welcome.subtitleReplay', { date }) : t('dashboard:welcome.subtitle')}</Text>
      <div className="app-badges-row dashboard__status">
        <Badge variant={aiLive ? 'success' : 'destructive'} data-testid="ai-status">
          {aiLive ? (date ? t('dashboard:ai.replay') : t('dashboard:ai.live')) : t('dashboard:ai.offline')}
        </Badge>
        {date ? (
          <Badge variant="warning" title={t('common:replay.description')}>
            {t('common:replay.badge')}
          </Badge>
        ) : null}
        {isDemo ? <Badge variant="warning">{t('common:demo.badge')}</Badge> : null}
      </div>
      {!aiLive && explainOffline ? (
        <Text className="app-muted">{t('dashboard:ai.offlineDescription')}</Text>
      ) : null}
    </Card>
  );
}
