import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { mappingProblems } from '@app/shared/domain/entities/ledger';
import type { ColumnMapping, MappableField } from '@app/shared/domain/ledger/import/column-mapping';
import { DATE_FORMATS, DECIMAL_SEPARATORS } from '@app/shared/domain/ledger/import/parse-values';
import { TRANSACTION_TYPES, type TransactionType } from '@app/shared/domain/ledger/transaction';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';

/** The ledger's fields a column can hold, in the order the screen lists them. */
export const MAPPED_FIELDS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fee',
  'currency',
  'amount',
  'note',
] as const satisfies readonly MappableField[];

export interface MappingEditorProps {
  headers: readonly string[];
  mapping: ColumnMapping;
  source: 'request' | 'saved' | 'suggested';
  /** The file's words in its type column, so each can be given a transaction type. */
  typeWords: readonly string[];
  onChange: (mapping: ColumnMapping) => void;
  onPreview: () => void;
  isPreviewing: boolean;
}

/**
 * The mapping screen of a CSV no preset reads: which column holds each field of a transaction, how
 * its dates and decimals are written, what its words for the types mean. "Remember" saves it for
 * every file with the same header row; the server proposes it the next time (`source: 'saved'`).
 */
export function MappingEditor(props: MappingEditorProps) {
  const { headers, mapping, source, typeWords, onChange } = props;
  const { t, i18n } = useTranslation(['portfolio']);
  const save = useRouteMutation(contract.portfolio.saveImportMapping);
  const [changed, setChanged] = useState(false);
  const problems = mappingProblems(headers, mapping.columns);
  const change = (next: ColumnMapping) => {
    setChanged(true);
    save.reset();
    onChange(next);
  };
  const setColumn = (field: MappableField, column: string) => {
    const columns = { ...mapping.columns };
    if (column === '') delete columns[field];
    else columns[field] = column;
    change({ ...mapping, columns });
  };
  const setTypeWord = (word: string, type: TransactionType | '') => {
    const typeValues = { ...mapping.type_values };
    if (type === '') delete typeValues[word];
    else typeValues[word] = type;
    change({ ...mapping, type_values: typeValues });
  };

  return (
    <fieldset className="ledger__mapping">
      <legend>{t('portfolio:ledger.mapping.title')}</legend>
      <Text role="status">
        {changed ? t('portfolio:ledger.mapping.edited') : t(`portfolio:ledger.mapping.source.${source}`)}
      </Text>
      <Flex gap="small" wrap="wrap">
        {MAPPED_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={t(`portfolio:ledger.fields.${field}`)}
            value={mapping.columns[field] ?? ''}
            onChange={(event) => setColumn(field, event.target.value)}
          >
            <option value="">{t('portfolio:ledger.mapping.noColumn')}</option>
            {headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </SelectField>
        ))}
        <SelectField
          label={t('portfolio:ledger.mapping.dateFormat')}
          value={mapping.date_format}
          onChange={(event) =>
            change({ ...mapping, date_format: event.target.value as ColumnMapping['date_format'] })
          }
        >
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('portfolio:ledger.mapping.decimalSeparator')}
          value={mapping.decimal_separator}
          onChange={(event) =>
            change({
              ...mapping,
              decimal_separator: event.target.value as ColumnMapping['decimal_separator'],
            })
          }
        >
          {DECIMAL_SEPARATORS.map((separator) => (
            <option key={separator} value={separator}>
              {t(`portfolio:ledger.mapping.separators.${separator === '.' ? 'point' : 'comma'}`)}
            </option>
          ))}
        </SelectField>
      </Flex>
      {typeWords.length > 0 ? (
        <Flex gap="small" wrap="wrap">
          {typeWords.map((word) => (
            <SelectField
              key={word}
              label={t('portfolio:ledger.mapping.typeWord', { word })}
              value={mapping.type_values[word] ?? ''}
              onChange={(event) => setTypeWord(word, event.target.value as TransactionType | '')}
            >
              <option value="">{t('portfolio:ledger.mapping.typeAsWritten')}</option>
              {TRANSACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`portfolio:ledger.transactionTypes.${type}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </Flex>
      ) : null}
      {problems.map(({ field, code }) => (
        <Text key={`${field}-${code}`} role="alert">
          {t(`portfolio:ledger.mapping.problems.${code}`, { field: t(`portfolio:ledger.fields.${field}`) })}
        </Text>
      ))}
      <Flex gap="small" wrap="wrap">
        <Button isLoading={props.isPreviewing} onClick={props.onPreview}>
          {t('portfolio:ledger.mapping.previewAgain')}
        </Button>
        <Button
          isDisabled={problems.length > 0}
          isLoading={save.isPending}
          onClick={() => save.mutate({ body: { headers: [...headers], mapping } })}
        >
          {t('portfolio:ledger.mapping.remember')}
        </Button>
      </Flex>
      {save.isSuccess ? <Text role="status">{t('portfolio:ledger.mapping.remembered')}</Text> : null}
      {save.isError ? (
        <Text role="alert">
          {serverMessageOf(save.error, i18n) ?? t('portfolio:ledger.mapping.saveFailed')}
        </Text>
      ) : null}
    </fieldset>
  );
}
