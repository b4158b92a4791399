import { Button, Flex, Heading, Input, Label, SwitchField, Text } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { SymbolSchema } from '@app/shared/domain/entities/common';
import {
  WatchlistNameSchema,
  type Watchlist,
  type WatchlistEntry,
} from '@app/shared/domain/entities/watchlists';
import { formatCurrency, formatDate, formatPercent } from '@app/shared/domain/rules/formatting';
import { isUnlimited } from '@app/shared/domain/rules/usage';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { CloseIcon } from '@/kit/ui/icons';
import { useToast } from '@/kit/ui/toast';

function GradeChange({ entry }: { entry: WatchlistEntry }) {
  const { t } = useTranslation('watchlists');
  const change = entry.grade_change;
  if (change === null) return <>{t('unknown')}</>;
  if (change === 0) return <>{t('gradeSame')}</>;
  return (
    <span className={change > 0 ? 'watchlists__up' : 'watchlists__down'}>
      {change > 0 ? t('gradeUp', { count: change }) : t('gradeDown', { count: -change })}
    </span>
  );
}

/** One watchlist: its usage, grade-alert switch, rename and delete, the add form and the symbols' table. */
export function WatchlistCard({ list }: { list: Watchlist }) {
  const { t } = useTranslation(['watchlists', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const serverMessage = useServerMessage();
  const formId = useId();
  const update = useRouteMutation(contract.portfolio.updateWatchlist);
  const remove = useRouteMutation(contract.portfolio.deleteWatchlist);
  const add = useRouteMutation(contract.portfolio.addWatchlistSymbol);
  const removeSymbol = useRouteMutation(contract.portfolio.removeWatchlistSymbol);
  const [symbol, setSymbol] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = update.isPending || remove.isPending || add.isPending || removeSymbol.isPending;
  const params = { listId: list.id };
  const onError = (error: unknown) => setProblem(serverMessage(error) ?? t('common:status.error'));
  const unknown = t('unknown');

  const submitSymbol = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SymbolSchema.safeParse(symbol);
    if (!parsed.success) return setProblem(t('add.symbolRequired'));
    add.mutate(
      { params, body: { symbol: parsed.data } },
      {
        onSuccess: () => {
          setProblem(null);
          setSymbol('');
          toast.show({ variant: 'success', title: t('added', { symbol: parsed.data, list: list.name }) });
        },
        onError,
      },
    );
  };

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WatchlistNameSchema.safeParse(renaming ?? '');
    if (!parsed.success) return setProblem(t('create.nameRequired'));
    update.mutate(
      { params, body: { name: parsed.data } },
      { onSuccess: () => (setRenaming(null), setProblem(null)), onError },
    );
  };

  return (
    <Card data-testid="watchlist">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        {renaming === null ? (
          <Heading level={2} className="app-card-title">
            {list.name}
          </Heading>
        ) : (
          <form onSubmit={submitName} aria-label={t('rename')}>
            <Flex gap="small" alignItems="flex-end">
              <Input
                aria-label={t('create.label')}
                value={renaming}
                onChange={(event) => setRenaming(event.target.value)}
              />
              <Button type="submit" size="small" isDisabled={busy}>
                {t('renameSave')}
              </Button>
              <Button size="small" onClick={() => setRenaming(null)}>
                {t('cancel')}
              </Button>
            </Flex>
          </form>
        )}
        <Text className="app-muted" data-testid="watchlist-usage">
          {isUnlimited(list.limit)
            ? t('symbolsUsageUnlimited', { used: list.used })
            : t('symbolsUsage', { used: list.used, limit: list.limit })}
        </Text>
      </Flex>
      <Flex gap="small" wrap="wrap" alignItems="center">
        <SwitchField
          label={t('gradeAlerts')}
          isChecked={list.grade_alerts}
          isDisabled={busy}
          onChange={(event) =>
            update.mutate({ params, body: { grade_alerts: event.target.checked } }, { onError })
          }
        />
        <Button size="small" isDisabled={busy} onClick={() => setRenaming(list.name)}>
          {t('rename')}
        </Button>
        <Button
          size="small"
          variation="destructive"
          isDisabled={busy}
          onClick={() => remove.mutate({ params }, { onError })}
        >
          {t('delete')}
        </Button>
      </Flex>
      <form onSubmit={submitSymbol} noValidate>
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <Flex direction="column" gap="xxs">
            <Label htmlFor={`${formId}-symbol`}>{t('add.label')}</Label>
            <Input
              id={`${formId}-symbol`}
              value={symbol}
              onChange={(event) => setSymbol(event.target.value)}
            />
          </Flex>
          <Button type="submit" variation="primary" isDisabled={busy}>
            {t('add.submit')}
          </Button>
        </Flex>
      </form>
      {problem ? <Text role="alert">{problem}</Text> : null}
      {list.entries.length === 0 ? (
        <Text className="app-muted">{t('emptyList')}</Text>
      ) : (
        <div className="watchlists__table-wrap">
          <table className="watchlists__table">
            <thead>
              <tr>
                {(
                  [
                    'symbol',
                    'name',
                    'price',
                    'change',
                    'grade',
                    'addedGrade',
                    'gradeChange',
                    'added',
                  ] as const
                ).map((column) => (
                  <th key={column} scope="col">
                    {t(`columns.${column}`)}
                  </th>
                ))}
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <tr key={entry.symbol} data-testid="watchlist-entry">
                  <th scope="row">{entry.symbol}</th>
                  <td>{entry.name ?? unknown}</td>
                  <td>{entry.price === null ? unknown : formatCurrency(entry.price, language)}</td>
                  <td>
                    {entry.change_percent === null
                      ? unknown
                      : formatPercent(entry.change_percent, language, {
                          signed: true,
                          maximumFractionDigits: 1,
                        })}
                  </td>
                  <td>{entry.grade ?? unknown}</td>
                  <td>{entry.added_grade ?? unknown}</td>
                  <td>
                    <GradeChange entry={entry} />
                  </td>
                  <td>{formatDate(entry.added_market_date, language, 'UTC')}</td>
                  <td>
                    <Button
                      size="small"
                      isDisabled={busy}
                      aria-label={t('remove', { symbol: entry.symbol })}
                      onClick={() =>
                        removeSymbol.mutate({ params: { ...params, symbol: entry.symbol } }, { onError })
                      }
                    >
                      <CloseIcon size={14} />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
