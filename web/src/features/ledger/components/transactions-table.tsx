import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { Language } from '@app/shared/domain/enums';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { formatDate, formatMoney, formatNumber } from '@app/shared/domain/rules/formatting';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Card } from '@/kit/ui/card';

/**
 * What a row moved, in its own words: quantity at a price, an amount, or a split ratio. Prices and
 * amounts are money in their currency (its cents, never the float typed: issue 45); a quantity keeps
 * up to 8 decimals (a fraction of a coin).
 */
function detailsOf(row: LedgerTransaction, language: Language): string {
  const number = (value: number) => formatNumber(value, language, 8);
  const money = (value: number, currency: string) => formatMoney(value, currency, language);
  switch (row.type) {
    case 'SPLIT':
      return `${number(row.new_shares)} : ${number(row.old_shares)}`;
    case 'FEE':
    case 'DEPOSIT':
    case 'WITHDRAWAL':
    case 'INTEREST':
      return money(row.amount, row.currency);
    default:
      return `${number(row.quantity)} × ${money(row.price, row.currency)}`;
  }
}

export interface TransactionsTableProps {
  rows: readonly LedgerTransaction[];
  onEdit: (row: LedgerTransaction) => void;
}

/** Every row of the ledger, newest first, with edit and delete. */
export function TransactionsTable({ rows, onEdit }: TransactionsTableProps) {
  const { t, i18n } = useTranslation(['portfolio']);
  const language = (i18n.language === 'fr' || i18n.language === 'es' ? i18n.language : 'en') as Language;
  const remove = useRouteMutation(contract.portfolio.deleteTransaction);
  const newestFirst = [...rows].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Card className="ledger__section">
      <h2>{t('portfolio:ledger.list.title')}</h2>
      {remove.isError ? (
        <Text role="alert">
          {serverMessageOf(remove.error, i18n) ?? t('portfolio:ledger.list.deleteFailed')}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text>{t('portfolio:ledger.list.empty')}</Text>
      ) : (
        <table className="ledger__table">
          <thead>
            <tr>
              <th scope="col">{t('portfolio:ledger.fields.date')}</th>
              <th scope="col">{t('portfolio:ledger.fields.type')}</th>
              <th scope="col">{t('portfolio:ledger.fields.symbol')}</th>
              <th scope="col">{t('portfolio:ledger.fields.quantity')}</th>
              <th scope="col">{t('portfolio:ledger.fields.note')}</th>
              <th scope="col">{t('portfolio:ledger.list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((row) => (
              <tr key={row.id}>
                <td>{formatDate(row.date, language)}</td>
                <td>{t(`portfolio:ledger.transactionTypes.${row.type}`)}</td>
                <td>{'symbol' in row ? row.symbol : null}</td>
                <td>
                  {detailsOf(row, language)}
                  {row.type === 'BUY' && row.estimated ? (
                    <Text as="span" className="ledger__hint">
                      {t('portfolio:ledger.estimatedHint')}
                    </Text>
                  ) : null}
                </td>
                <td>{row.note ?? null}</td>
                <td>
                  <Flex gap="xs">
                    <Button size="small" onClick={() => onEdit(row)}>
                      {t('portfolio:ledger.list.edit')}
                    </Button>
                    <Button
                      size="small"
                      variation="warning"
                      isLoading={remove.isPending && remove.variables?.params.transactionId === row.id}
                      onClick={() => remove.mutate({ params: { transactionId: row.id } })}
                    >
                      {t('portfolio:ledger.list.delete')}
                    </Button>
                  </Flex>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
