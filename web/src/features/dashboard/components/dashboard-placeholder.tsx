import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tier } from '@app/shared/domain/enums';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useApiRoot } from '../api/get-api-root';

export interface DashboardPlaceholderProps {
  name: string;
  email: string | null;
  tier: Tier;
  isDemo: boolean;
}

/** The signed-in landing screen until the real dashboard lands: who is signed in, on which plan. */
export function DashboardPlaceholder({ name, email, tier, isDemo }: DashboardPlaceholderProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const root = useApiRoot();

  useEffect(() => {
    if (root.data) console.info(root.data.message);
  }, [root.data]);

  return (
    <Flex direction="column" gap="large">
      <Card className="app-welcome">
        <Heading level={1} className="app-welcome__title">
          {t('dashboard:welcome.title', { name })}
        </Heading>
        <Text>{t('dashboard:welcome.subtitle')}</Text>
      </Card>
      <Card>
        <Flex direction="column" gap="small">
          <Heading level={2} className="app-card-title">
            {t('dashboard:placeholder.profile')}
          </Heading>
          <dl className="app-definition-list">
            <dt>{t('dashboard:placeholder.name')}</dt>
            <dd data-testid="profile-name">{name}</dd>
            {email ? (
              <>
                <dt>{t('dashboard:placeholder.email')}</dt>
                <dd>{email}</dd>
              </>
            ) : null}
            <dt>{t('dashboard:placeholder.plan')}</dt>
            <dd>
              <Badge variant={tier === 'FREE' ? 'secondary' : 'default'} data-testid="profile-tier">
                {t(`common:tiers.${tier}`)}
              </Badge>
              {isDemo ? (
                <Badge variant="warning" className="app-demo-badge">
                  {t('common:demo.badge')}
                </Badge>
              ) : null}
            </dd>
          </dl>
          <Text className="app-muted">{t('dashboard:placeholder.comingSoon')}</Text>
        </Flex>
      </Card>
    </Flex>
  );
}
