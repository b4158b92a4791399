import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useServerMessage } from '@/kit/api/use-server-message';
import { useToast } from '@/kit/ui/toast';

/**
 * With the Stripe gateway, Stripe keeps the card and the invoices: this opens Stripe's customer portal
 * (a one-time link the API asks Stripe for), which sends the customer back to this page.
 */
export function PortalLink({
  navigate = (url: string) => window.location.assign(url),
}: {
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation('subscription');
  const toast = useToast();
  const serverMessage = useServerMessage();
  const portal = useRouteMutation(contract.subscription.billingPortal);
  return (
    <Button
      size="small"
      isLoading={portal.isPending}
      onClick={() =>
        portal.mutate(undefined, {
          onSuccess: (answer) => navigate(answer.url),
          onError: (error) =>
            toast.show({
              variant: 'error',
              title: t('billing.portalFailed'),
              description: serverMessage(error) ?? undefined,
            }),
        })
      }
    >
      {t('billing.portal')}
    </Button>
  );
}
