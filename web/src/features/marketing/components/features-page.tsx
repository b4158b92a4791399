import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/kit/ui/badge';
import './marketing.css';

/** docs/product.md "Screens", public pages: the features page is a coming-soon placeholder. */
export function FeaturesPage() {
  const { t } = useTranslation('features');
  return (
    <section className="app-section">
      <Flex className="app-section__inner app-coming-soon">
        <Badge variant="warning">{t('comingSoon.heading')}</Badge>
        <Heading level={1}>{t('title')}</Heading>
        <Text>{t('comingSoon.description')}</Text>
        <Flex className="app-actions">
          <Link to="/pricing" className="amplify-button amplify-button--primary">
            {t('comingSoon.seePricing')}
          </Link>
          <Link to="/" className="amplify-button">
            {t('comingSoon.backHome')}
          </Link>
        </Flex>
      </Flex>
    </section>
  );
}
