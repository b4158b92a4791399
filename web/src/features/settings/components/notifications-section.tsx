import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/kit/ui/card';

/** Notification choices: each alert type's channels (in the app, by e-mail, in the daily digest) are
 * chosen in the Alerts page's settings, which this section links to. */
export function NotificationsSection() {
  const { t } = useTranslation(['settings']);
  return (
    <Card data-testid="notifications-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.notifications')}
      </Heading>
      <Flex direction="column" gap="medium" marginTop="small">
        <Text className="app-muted">{t('settings:notifications.intro')}</Text>
        <Link to="/alerts">{t('settings:notifications.openAlerts')}</Link>
      </Flex>
    </Card>
  );
}
