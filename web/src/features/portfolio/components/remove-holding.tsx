import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { PortfolioAsset } from '@app/shared/domain/entities/portfolio';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';

/**
 * Remove, asked first, then undoable: the confirmation names the holding; the toast that follows
 * offers Undo, which adds the same position back (same symbol, shares, purchase price and date) as a
 * new holding.
 */
export function RemoveHoldingButton({ asset }: { asset: PortfolioAsset }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const remove = useRouteMutation(contract.portfolio.remove);
  const addBack = useRouteMutation(contract.portfolio.add);
  const [confirming, setConfirming] = useState(false);

  // The row leaves the list once the removal lands, unmounting this button: the promises (not the
  // per-call callbacks, which an unmounted caller never gets) carry the toasts.
  function undo() {
    addBack
      .mutateAsync({
        body: {
          symbol: asset.symbol,
          shares: asset.shares,
          asset_type: asset.asset_type,
          purchase_price: asset.purchase_price,
          purchase_date: asset.purchase_date,
        },
      })
      .then(
        () => toast.show({ title: t('portfolio:toasts.restoredTitle'), variant: 'success' }),
        () =>
          toast.show({
            title: t('portfolio:toasts.errorTitle'),
            description: t('portfolio:errors.restoreFailed'),
            variant: 'error',
          }),
      );
  }

  function confirmRemove() {
    setConfirming(false);
    remove.mutateAsync({ params: { holdingId: asset.id } }).then(
      () =>
        toast.show({
          title: t('portfolio:toasts.removedTitle'),
          description: t('portfolio:toasts.removedBody', { name: asset.name }),
          variant: 'success',
          action: { label: t('portfolio:list.undo'), onClick: undo },
        }),
      () =>
        toast.show({
          title: t('portfolio:toasts.errorTitle'),
          description: t('portfolio:errors.removeFailed'),
          variant: 'error',
        }),
    );
  }

  return (
    <>
      <Button
        size="small"
        colorTheme="error"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
        isLoading={remove.isPending}
      >
        {t('portfolio:list.remove')}
      </Button>
      <Dialog
        open={confirming}
        title={t('portfolio:removeConfirm.title', { symbol: asset.symbol })}
        onClose={() => setConfirming(false)}
        closeLabel={t('common:buttons.cancel')}
      >
        <Flex direction="column" gap="medium" data-testid="remove-confirm">
          <Text>
            {t(
              asset.asset_type === 'crypto'
                ? 'portfolio:removeConfirm.bodyCoins'
                : 'portfolio:removeConfirm.body',
              {
                name: asset.name,
                shares: formatNumber(asset.shares, language, 8),
              },
            )}
          </Text>
          <Flex gap="small" justifyContent="flex-end" wrap="wrap">
            <Button onClick={() => setConfirming(false)}>{t('common:buttons.cancel')}</Button>
            <Button colorTheme="error" variation="primary" onClick={confirmRemove}>
              {t('portfolio:removeConfirm.confirm')}
            </Button>
          </Flex>
        </Flex>
      </Dialog>
    </>
  );
}
