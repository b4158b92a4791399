import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

type Section = 'portfolio' | 'recommendations' | 'alerts' | 'subscription' | 'settings';

/** Signed-in sections whose screens arrive in later issues: title, subtitle and a short note. */
export function SectionPlaceholder({ section }: { section: Section }) {
  const { t } = useTranslation([
    'portfolio',
    'recommendations',
    'alerts',
    'subscription',
    'settings',
    'features',
  ]);
  const heading: Record<Section, { title: string; subtitle: string }> = {
    portfolio: { title: t('portfolio:title'), subtitle: t('portfolio:subtitle') },
    recommendations: {
      title: t('recommendations:header.title'),
      subtitle: t('recommendations:header.subtitle'),
    },
    alerts: { title: t('alerts:title'), subtitle: t('alerts:subtitle') },
    subscription: { title: t('subscription:header.title'), subtitle: t('subscription:header.subtitle') },
    settings: { title: t('settings:title'), subtitle: t('settings:subtitle') },
  };
  const { title, subtitle } = heading[section];
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>{title}</Heading>
      <Text className="app-muted">{subtitle}</Text>
      <Card>
        <Text>{section === 'settings' ? t('settings:comingSoon') : t('features:comingSoon.heading')}</Text>
      </Card>
    </Flex>
  );
}
