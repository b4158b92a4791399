import { Button, Flex, SelectField, SliderField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, GRADES, SPECULATION_LEVELS } from '@app/shared/domain/enums';
import { Card } from '@/kit/ui/card';
import { NO_RECOMMENDATION_FILTERS, type RecommendationFilters } from './recommendation-filters';

/** Advanced Filters: grade, speculation level, asset type, sector and minimum score (kept in the URL). */
export function RecommendationFiltersPanel({
  id,
  filters,
  sectors,
  onChange,
}: {
  id: string;
  filters: RecommendationFilters;
  sectors: readonly string[];
  onChange: (filters: RecommendationFilters) => void;
}) {
  const { t } = useTranslation(['recommendations', 'common']);
  const any = t('recommendations:filters.any');
  const pick = <Key extends keyof RecommendationFilters>(key: Key, value: string) =>
    onChange({ ...filters, [key]: value === '' ? null : value });
  return (
    <Card className="rec-filters" data-testid="rec-filters">
      <div id={id} className="rec-filters__grid">
        <SelectField
          label={t('recommendations:filters.grade')}
          value={filters.grade ?? ''}
          onChange={(event) => pick('grade', event.target.value)}
        >
          <option value="">{any}</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('recommendations:filters.speculation')}
          value={filters.speculation ?? ''}
          onChange={(event) => pick('speculation', event.target.value)}
        >
          <option value="">{any}</option>
          {SPECULATION_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`common:speculation.levels.${level}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('recommendations:filters.assetType')}
          value={filters.assetType ?? ''}
          onChange={(event) => pick('assetType', event.target.value)}
        >
          <option value="">{any}</option>
          {ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`common:assetTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('recommendations:filters.sector')}
          value={filters.sector ?? ''}
          onChange={(event) => pick('sector', event.target.value)}
        >
          <option value="">{any}</option>
          {sectors.map((sector) => (
            <option key={sector} value={sector}>
              {sector}
            </option>
          ))}
        </SelectField>
        <SliderField
          label={t('recommendations:filters.minScore')}
          min={0}
          max={100}
          step={5}
          value={filters.minScore ?? 0}
          onChange={(value) => onChange({ ...filters, minScore: value > 0 ? value : null })}
        />
      </div>
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Text className="app-muted" fontSize="small">
          {t('recommendations:filters.urlNote')}
        </Text>
        <Button size="small" onClick={() => onChange(NO_RECOMMENDATION_FILTERS)}>
          {t('recommendations:filters.clear')}
        </Button>
      </Flex>
    </Card>
  );
}
