import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/kit/ui/card';

/**
 * docs/product.md "Screens", recommendations: 'N additional recommendations with Premium', when the tier cap
 * hid some.
 */
export function UpsellCard({ hiddenCount }: { hiddenCount: number }) {
  const { t } = useTranslation('recommendations');
  const navigate = useNavigate();
  if (hiddenCount <= 0) return null;
  return (
    <Card highlighted className="rec-upsell" data-testid="recommendations-upsell">
      <Heading level={2} fontSize="large">
        {t('upsell.title')}
      </Heading>
      <Text>{t('upsell.additional', { count: hiddenCount })}</Text>
      <Button variation="primary" onClick={() => void navigate('/subscription')} marginTop="small">
        {t('upsell.button')}
      </Button>
    </Card>
  );
}
