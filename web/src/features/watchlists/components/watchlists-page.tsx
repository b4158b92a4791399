import { Button, Flex, Heading, Input, Label, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { WatchlistNameSchema } from '@app/shared/domain/entities/watchlists';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { isUnlimited } from '@app/shared/domain/rules/usage';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';
import { WatchlistCard } from './watchlist-card';
import './watchlists.css';

/**
 * /watchlists (docs/product.md "Watchlists"): the investor's lists with the plan's caps and their usage,
 * a form to create one, and a card per list (its symbols' price, grade and change of grade since added).
 */
export function WatchlistsPage() {
  const { t } = useTranslation(['watchlists', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const serverMessage = useServerMessage();
  const formId = useId();
  const watchlists = useRouteQuery(contract.portfolio.listWatchlists);
  const create = useRouteMutation(contract.portfolio.createWatchlist);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WatchlistNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(t('create.nameRequired'));
    create.mutate(
      { body: { name: parsed.data } },
      {
        onSuccess: () => {
          setName('');
          setProblem(null);
          toast.show({ variant: 'success', title: t('created') });
        },
        onError: (error) => setProblem(serverMessage(error) ?? t('common:status.error')),
      },
    );
  };

  if (watchlists.isPending) return <Loader />;
  if (watchlists.isError)
    return <Text role="alert">{serverMessage(watchlists.error) ?? t('loadFailed')}</Text>;
  const data = watchlists.data;
  return (
    <Flex direction="column" gap="medium" className="watchlists">
      <Heading level={1}>{t('title')}</Heading>
      <Text className="app-muted">{t('intro', { date: formatDate(data.market_date, language, 'UTC') })}</Text>
      <Card>
        <Text data-testid="watchlists-usage">
          {isUnlimited(data.limit)
            ? t('usageUnlimited', { used: data.used })
            : t('usage', { used: data.used, limit: data.limit })}
        </Text>
        <form onSubmit={submit} noValidate aria-label={t('create.submit')}>
          <Flex gap="small" alignItems="flex-end" wrap="wrap">
            <Flex direction="column" gap="xxs">
              <Label htmlFor={`${formId}-name`}>{t('create.label')}</Label>
              <Input id={`${formId}-name`} value={name} onChange={(event) => setName(event.target.value)} />
            </Flex>
            <Button type="submit" variation="primary" isDisabled={create.isPending}>
              {t('create.submit')}
            </Button>
          </Flex>
        </form>
        {problem ? <Text role="alert">{problem}</Text> : null}
      </Card>
      {data.lists.length === 0 ? <Text className="app-muted">{t('empty')}</Text> : null}
      {data.lists.map((list) => (
        <WatchlistCard key={list.id} list={list} />
      ))}
    </Flex>
  );
}
