import { Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { useServerMessage } from '@/kit/api/use-server-message';
import { useToast } from '@/kit/ui/toast';

/**
 * A screener row's "add to watchlist" (docs/product.md "Watchlists"): the caller's lists to choose from
 * (one query shared by every row) and a button; nothing until the caller keeps a list.
 */
export function AddToWatchlist({ symbol }: { symbol: string }) {
  const { t } = useTranslation(['watchlists', 'common']);
  const toast = useToast();
  const serverMessage = useServerMessage();
  const lists = useRouteQuery(contract.portfolio.listWatchlists);
  const add = useRouteMutation(contract.portfolio.addWatchlistSymbol);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = lists.data?.lists ?? [];
  if (options.length === 0) return null;
  const listId = chosen ?? (options[0]?.id as string);
  const listName = options.find((list) => list.id === listId)?.name ?? '';
  return (
    <Flex gap="xxs" alignItems="center">
      {options.length > 1 ? (
        <select
          aria-label={t('chooseList', { symbol })}
          value={listId}
          onChange={(event) => setChosen(event.target.value)}
        >
          {options.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </select>
      ) : null}
      <Button
        size="small"
        aria-label={t('addToWatchlist', { symbol })}
        isDisabled={add.isPending}
        onClick={() =>
          add.mutate(
            { params: { listId }, body: { symbol } },
            {
              onSuccess: () =>
                toast.show({ variant: 'success', title: t('added', { symbol, list: listName }) }),
              onError: (error) =>
                toast.show({ variant: 'error', title: serverMessage(error) ?? t('common:status.error') }),
            },
          )
        }
      >
        {t('addToList')}
      </Button>
    </Flex>
  );
}
