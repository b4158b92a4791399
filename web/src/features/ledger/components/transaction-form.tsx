import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import {
  TRANSACTION_TYPES,
  fieldsOfType,
  validateTransaction,
  type LedgerTransaction,
  type TransactionType,
} from '@app/shared/domain/ledger/transaction';
import { messageText, serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Card } from '@/kit/ui/card';
import { useMarketDate } from '@/kit/market/market-date';

/** The fields a person types, in form order; which of them a type shows comes from its schema. */
const INPUT_FIELDS = [
  'date',
  'symbol',
  'quantity',
  'price',
  'fee',
  'currency',
  'amount',
  'new_shares',
  'old_shares',
  'note',
] as const;
type InputField = (typeof INPUT_FIELDS)[number];
const NUMERIC: ReadonlySet<InputField> = new Set([
  'quantity',
  'price',
  'fee',
  'amount',
  'new_shares',
  'old_shares',
]);

type Values = Partial<Record<InputField, string>>;

function valuesOf(row: LedgerTransaction | null, latestDate: string): Values {
  if (!row) return { date: latestDate, currency: 'USD' };
  const values: Values = {};
  for (const field of INPUT_FIELDS) {
    const value = (row as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) values[field] = String(value);
  }
  return values;
}

/** The draft as the schema reads it: numbers parsed, empty optional fields left out. */
function draftOf(
  type: TransactionType,
  values: Values,
  editing: LedgerTransaction | null,
): Record<string, unknown> {
  const shown = fieldsOfType(type);
  const draft: Record<string, unknown> = { type };
  for (const field of INPUT_FIELDS) {
    const text = values[field]?.trim() ?? '';
    if (!shown.has(field) || (text === '' && (field === 'note' || field === 'fee'))) continue;
    draft[field] = NUMERIC.has(field) && text !== '' ? Number(text.replace(',', '.')) : text;
  }
  // An opening BUY stays estimated until its price is changed.
  if (
    type === 'BUY' &&
    editing?.type === 'BUY' &&
    editing.estimated &&
    values.price === String(editing.price)
  ) {
    draft.estimated = true;
  }
  return draft;
}

export interface TransactionFormProps {
  /** The row being edited, or null to add one. */
  editing: LedgerTransaction | null;
  /** The market date: no row after it (there are no prices for it). */
  latestDate: string;
  onDone: () => void;
}

/** Add or edit one row, validated with the ledger's own schema before it is sent. */
export function TransactionForm({ editing, latestDate, onDone }: TransactionFormProps) {
  const { t, i18n } = useTranslation(['portfolio']);
  const add = useRouteMutation(contract.portfolio.addTransaction);
  const edit = useRouteMutation(contract.portfolio.editTransaction);
  const [type, setType] = useState<TransactionType>(editing?.type ?? 'BUY');
  const [values, setValues] = useState<Values>(() => valuesOf(editing, latestDate));
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const shown = fieldsOfType(type);
  const { replay } = useMarketDate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const validation = validateTransaction(draftOf(type, values, editing));
    if (!validation.ok) {
      setProblems(
        Object.fromEntries(
          validation.issues.map((issue) => [
            issue.field ?? 'type',
            messageText(issue.code, issue.params, i18n) ?? issue.code,
          ]),
        ),
      );
      return;
    }
    setProblems({});
    try {
      if (editing)
        await edit.mutateAsync({ params: { transactionId: editing.id }, body: validation.transaction });
      else await add.mutateAsync({ body: validation.transaction });
      setOutcome(t('portfolio:ledger.form.saved'));
      setValues(valuesOf(null, latestDate));
      onDone();
    } catch (error: unknown) {
      setOutcome(serverMessageOf(error, i18n) ?? t('portfolio:ledger.form.failed'));
    }
  }

  return (
    <Card className="ledger__section">
      <h2>{editing ? t('portfolio:ledger.form.editTitle') : t('portfolio:ledger.form.addTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <Flex gap="small" wrap="wrap" alignItems="flex-start">
          <SelectField
            label={t('portfolio:ledger.fields.type')}
            value={type}
            onChange={(event) => setType(event.target.value as TransactionType)}
          >
            {TRANSACTION_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`portfolio:ledger.transactionTypes.${option}`)}
              </option>
            ))}
          </SelectField>
          {INPUT_FIELDS.filter((field) => shown.has(field)).map((field) => (
            <TextField
              key={field}
              label={t(`portfolio:ledger.fields.${field}`)}
              type={field === 'date' ? 'date' : 'text'}
              inputMode={NUMERIC.has(field) ? 'decimal' : undefined}
              max={field === 'date' ? latestDate : undefined}
              value={values[field] ?? ''}
              hasError={problems[field] !== undefined}
              errorMessage={problems[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          ))}
        </Flex>
        {replay && type === 'DIVIDEND' ? (
          // The replayed US stocks and ETFs are adjusted closes: their returns already hold the dividends.
          <Text role="note" data-testid="dividend-counted-twice" marginTop="small">
            {t('portfolio:ledger.form.dividendCountedTwice')}
          </Text>
        ) : null}
        <Flex gap="small" marginTop="small">
          <Button type="submit" variation="primary" isLoading={add.isPending || edit.isPending}>
            {t('portfolio:ledger.form.submit')}
          </Button>
          {editing ? (
            <Button type="button" onClick={onDone}>
              {t('portfolio:ledger.form.cancel')}
            </Button>
          ) : null}
        </Flex>
        {outcome ? <Text role="status">{outcome}</Text> : null}
      </form>
    </Card>
  );
}
