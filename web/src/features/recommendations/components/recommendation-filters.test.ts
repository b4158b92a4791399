import { describe, expect, it } from 'vitest';
import { buildRecommendation } from '../test/fixtures';
import {
  applyRecommendationFilters,
  filtersFromSearch,
  NO_RECOMMENDATION_FILTERS,
  searchWithFilters,
  sectorsOf,
} from './recommendation-filters';

const withGrade = (symbol: string, grade: 'A' | 'B' | 'D', score: number, extra = {}) =>
  buildRecommendation({
    id: symbol,
    symbol,
    rationality_score: score,
    nugget_scores: { ...buildRecommendation().nugget_scores, investment_grade: grade },
    ...extra,
  });

// Grades map to speculation: A -> LOW, B -> MODERATE, D -> HIGH (the grade table).
const LIST = [
  withGrade('AAPL', 'A', 82, { sector: 'Technology' }),
  withGrade('KO', 'B', 64, { sector: 'Consumer Defensive' }),
  withGrade('BTC-USD', 'D', 31, { sector: null, asset_type: 'crypto' }),
  withGrade('MSFT', 'B', 58, { sector: 'Technology' }),
];
const symbols = (filters: Partial<typeof NO_RECOMMENDATION_FILTERS>) =>
  applyRecommendationFilters(LIST, { ...NO_RECOMMENDATION_FILTERS, ...filters }).map((item) => item.symbol);

describe('recommendation filters', () => {
  it('filters by grade, speculation level, asset type, sector and minimum score', () => {
    expect(symbols({})).toEqual(['AAPL', 'KO', 'BTC-USD', 'MSFT']);
    expect(symbols({ grade: 'B' })).toEqual(['KO', 'MSFT']);
    expect(symbols({ speculation: 'HIGH' })).toEqual(['BTC-USD']);
    expect(symbols({ assetType: 'crypto' })).toEqual(['BTC-USD']);
    expect(symbols({ sector: 'Technology' })).toEqual(['AAPL', 'MSFT']);
    // 60 keeps 82 and 64; 58 and 31 are below it.
    expect(symbols({ minScore: 60 })).toEqual(['AAPL', 'KO']);
    // All together: Technology, at least 60 -> AAPL only.
    expect(symbols({ sector: 'Technology', minScore: 60, speculation: 'LOW' })).toEqual(['AAPL']);
  });

  it('reads and writes the filters in the URL, ignoring values it does not offer', () => {
    const search = new URLSearchParams(
      'tab=all&grade=B&speculation=LOW&type=crypto&sector=Technology&min=60',
    );
    expect(filtersFromSearch(search)).toEqual({
      grade: 'B',
      speculation: 'LOW',
      assetType: 'crypto',
      sector: 'Technology',
      minScore: 60,
    });
    expect(filtersFromSearch(new URLSearchParams('grade=Z&min=500&type=bond'))).toEqual(
      NO_RECOMMENDATION_FILTERS,
    );
    const written = searchWithFilters(new URLSearchParams('tab=all&grade=A'), {
      ...NO_RECOMMENDATION_FILTERS,
      minScore: 70,
    });
    expect(written.toString()).toBe('tab=all&min=70');
  });

  it('offers the sectors the list has, once each', () => {
    expect(sectorsOf(LIST)).toEqual(['Consumer Defensive', 'Technology']);
  });
});
