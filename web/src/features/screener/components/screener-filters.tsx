import type { FormEvent, ReactNode } from 'react';
import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { SCREENER_ASSET_TYPES, SCREENER_FACTORS } from '@app/shared/domain/entities/screener';
import { FeatureGateSlot } from '@/kit/ui/feature-gate-slot';
import { GRADE_OPTIONS, type FilterField, type FilterForm } from './screener-query';

export interface ScreenerFiltersProps {
  form: FilterForm;
  etfCategories: readonly string[];
  sectors: readonly string[];
  onChange: (field: FilterField, value: string) => void;
  onApply: () => void;
  onReset: () => void;
}

/** The filter form: asset type and grade range for every plan, the rest behind the screener_filters gate. */
export function ScreenerFilters({
  form,
  etfCategories,
  sectors,
  onChange,
  onApply,
  onReset,
}: ScreenerFiltersProps) {
  const { t } = useTranslation(['screener', 'glossary']);
  const select = (
    field: FilterField,
    label: string,
    anyLabel: string,
    options: readonly [string, string][],
  ) => (
    <SelectField
      label={label}
      value={form[field]}
      onChange={(event) => onChange(field, event.target.value)}
      size="small"
    >
      <option value="">{anyLabel}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
  const number = (field: FilterField, label: string, min: number, max: number) => (
    <TextField
      label={label}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      size="small"
      value={form[field]}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
  const grades = GRADE_OPTIONS.map((grade) => [grade, grade] as [string, string]);
  const advanced: ReactNode = (
    <Flex wrap="wrap" gap="small" className="screener__advanced">
      {select(
        'etf_category',
        t('filters.etfCategory'),
        t('filters.anyEtfCategory'),
        etfCategories.map((category) => [category, t(`etfCategories.${category}`, category)]),
      )}
      {select(
        'sector',
        t('filters.sector'),
        t('filters.anySector'),
        sectors.map((sector) => [sector, sector]),
      )}
      {number('risk_min', t('filters.riskMin'), 0, 10)}
      {number('risk_max', t('filters.riskMax'), 0, 10)}
      {SCREENER_FACTORS.map((factor) => (
        <span key={factor}>
          {number(`${factor}_min`, t('filters.factorMin', { factor: t(`columns.${factor}`) }), 0, 100)}
        </span>
      ))}
      {number('momentum_3m_min', t('filters.momentum3mMin'), -100, 10_000)}
      <TextField
        label={t('filters.text')}
        size="small"
        value={form.q}
        maxLength={40}
        onChange={(event) => onChange('q', event.target.value)}
      />
    </Flex>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className="screener__filters" onSubmit={submit} aria-label={t('filters.title')}>
      <Flex wrap="wrap" gap="small" alignItems="flex-end">
        {select(
          'asset_type',
          t('filters.assetType'),
          t('filters.anyAssetType'),
          SCREENER_ASSET_TYPES.map((type) => [type, t(`assetTypes.${type}`)]),
        )}
        {select('grade_min', t('filters.gradeMin'), t('filters.anyGrade'), grades)}
        {select('grade_max', t('filters.gradeMax'), t('filters.anyGrade'), grades)}
      </Flex>
      <FeatureGateSlot feature="screener_filters" variant="inline" fallback={null}>
        {advanced}
      </FeatureGateSlot>
      <Flex gap="small">
        <Button type="submit" variation="primary" size="small">
          {t('filters.apply')}
        </Button>
        <Button type="button" size="small" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      </Flex>
    </form>
  );
}
