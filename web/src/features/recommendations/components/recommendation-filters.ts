import type { Recommendation } from '@app/shared/domain/entities/market';
import {
  ASSET_TYPES,
  GRADES,
  SPECULATION_LEVELS,
  type AssetType,
  type Grade,
  type SpeculationLevel,
} from '@app/shared/domain/enums';
import { gradeToSpeculationLevel } from '@app/shared/domain/rules/grades';

/**
 * Advanced Filters of the recommendations screen, kept in the URL (`?grade=A&speculation=LOW&type=stock
 * &sector=Technology&min=60`) so a filtered list can be reloaded, shared and navigated back to.
 */
export interface RecommendationFilters {
  grade: Grade | null;
  speculation: SpeculationLevel | null;
  assetType: AssetType | null;
  sector: string | null;
  /** Lowest rationality score shown (0-100), null for none. */
  minScore: number | null;
}

export const NO_RECOMMENDATION_FILTERS: RecommendationFilters = {
  grade: null,
  speculation: null,
  assetType: null,
  sector: null,
  minScore: null,
};

const PARAM = {
  grade: 'grade',
  speculation: 'speculation',
  assetType: 'type',
  sector: 'sector',
  minScore: 'min',
} as const;

function oneOf<Value extends string>(values: readonly Value[], raw: string | null): Value | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as Value) : null;
}

/** The filters a URL carries; a value the screen does not offer is ignored rather than failing. */
export function filtersFromSearch(search: URLSearchParams): RecommendationFilters {
  const min = Number(search.get(PARAM.minScore));
  const sector = search.get(PARAM.sector)?.trim();
  return {
    grade: oneOf(GRADES, search.get(PARAM.grade)),
    speculation: oneOf(SPECULATION_LEVELS, search.get(PARAM.speculation)),
    assetType: oneOf(ASSET_TYPES, search.get(PARAM.assetType)),
    sector: sector ? sector : null,
    minScore: search.has(PARAM.minScore) && Number.isFinite(min) && min > 0 && min <= 100 ? min : null,
  };
}

/** The URL's query with these filters (other parameters kept). */
export function searchWithFilters(search: URLSearchParams, filters: RecommendationFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.keys(PARAM) as (keyof typeof PARAM)[]) {
    const value = filters[key];
    if (value === null) next.delete(PARAM[key]);
    else next.set(PARAM[key], String(value));
  }
  return next;
}

export function activeRecommendationFilterCount(filters: RecommendationFilters): number {
  return Object.values(filters).filter((value) => value !== null).length;
}

export function applyRecommendationFilters(
  recommendations: readonly Recommendation[],
  filters: RecommendationFilters,
): Recommendation[] {
  return recommendations.filter((item) => {
    const grade = item.nugget_scores.investment_grade;
    return (
      (filters.grade === null || grade === filters.grade) &&
      (filters.speculation === null || gradeToSpeculationLevel(grade) === filters.speculation) &&
      (filters.assetType === null || item.asset_type === filters.assetType) &&
      (filters.sector === null || item.sector === filters.sector) &&
      (filters.minScore === null || item.rationality_score >= filters.minScore)
    );
  });
}

/** The sectors the list has, sorted, for the filter's choices. */
export function sectorsOf(recommendations: readonly Recommendation[]): string[] {
  return [...new Set(recommendations.flatMap((item) => (item.sector ? [item.sector] : [])))].sort();
}
