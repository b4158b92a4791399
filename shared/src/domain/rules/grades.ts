import * as z from 'zod';
import { GradeSchema } from '../enums';
import type { Grade, RecommendationAction, SpeculationLevel } from '../enums';

/**
 * Lowest score of each grade, best first (docs/product.md "Business rules and limits"). Anything below the
 * last is D.
 */
export const GRADE_THRESHOLDS = [
  { grade: 'A+', minScore: 85 },
  { grade: 'A', minScore: 75 },
  { grade: 'B+', minScore: 65 },
  { grade: 'B', minScore: 55 },
  { grade: 'B-', minScore: 45 },
  { grade: 'C', minScore: 35 },
] as const satisfies readonly { grade: Grade; minScore: number }[];

export const LOWEST_GRADE: Grade = 'D';

/**
 * The recommendation a grade stands for. It has six values because the grade table (docs/product.md "Business
 * rules and limits") has a 'Weak Hold' (B-) that the five-value engine action enum lacks; see
 * `recommendationToAction`.
 */
export const GRADE_RECOMMENDATIONS = [
  'STRONG_BUY',
  'BUY',
  'HOLD',
  'WEAK_HOLD',
  'SELL',
  'STRONG_SELL',
] as const;
export const GradeRecommendationSchema = z.enum(GRADE_RECOMMENDATIONS);
export type GradeRecommendation = z.infer<typeof GradeRecommendationSchema>;

export type GradeBadgeVariant = 'default' | 'secondary' | 'outline';
export type SpeculationBadgeColour = 'green' | 'yellow' | 'red';

const SPECULATION_LEVEL_BY_GRADE: Record<Grade, SpeculationLevel> = {
  'A+': 'LOW',
  A: 'LOW',
  'B+': 'LOW',
  B: 'MODERATE',
  'B-': 'MODERATE',
  C: 'HIGH',
  D: 'HIGH',
};

const RECOMMENDATION_BY_GRADE: Record<Grade, GradeRecommendation> = {
  'A+': 'STRONG_BUY',
  A: 'BUY',
  'B+': 'BUY',
  B: 'HOLD',
  'B-': 'WEAK_HOLD',
  C: 'SELL',
  D: 'STRONG_SELL',
};

/** Spec: an unknown grade is treated as middling, never as a signal either way. */
export const UNKNOWN_GRADE_SPECULATION_LEVEL: SpeculationLevel = 'MODERATE';
export const UNKNOWN_GRADE_RECOMMENDATION: GradeRecommendation = 'HOLD';

/** Grades arrive from stored data and other services, so any string may show up. */
export function isGrade(value: unknown): value is Grade {
  return GradeSchema.safeParse(value).success;
}

/**
 * Grade of a 0-100 score. Returns null when there is no usable score (undefined, null, NaN,
 * +/-Infinity): a missing score must not read as D (a 'Strong Sell') or as any other verdict;
 * callers show it as ungraded and the grade rules below treat null as the grade table's "unknown".
 * Scores outside 0-100 are not rejected here (the schemas do that); they grade as A+ or D.
 */
export function scoreToGrade(score: number | null | undefined): Grade | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  const match = GRADE_THRESHOLDS.find((threshold) => score >= threshold.minScore);
  return match ? match.grade : LOWEST_GRADE;
}

export function gradeToSpeculationLevel(grade: string | null | undefined): SpeculationLevel {
  return isGrade(grade) ? SPECULATION_LEVEL_BY_GRADE[grade] : UNKNOWN_GRADE_SPECULATION_LEVEL;
}

export function gradeToRecommendation(grade: string | null | undefined): GradeRecommendation {
  return isGrade(grade) ? RECOMMENDATION_BY_GRADE[grade] : UNKNOWN_GRADE_RECOMMENDATION;
}

/** Folds the grade table's six recommendations into the engine's five actions: a weak hold is a hold. */
export function recommendationToAction(recommendation: GradeRecommendation): RecommendationAction {
  return recommendation === 'WEAK_HOLD' ? 'HOLD' : recommendation;
}

/** A+ and A default; B+ and B secondary; anything else (unknown too) outline (docs/product.md "Screens"). */
export function gradeBadgeVariant(grade: string | null | undefined): GradeBadgeVariant {
  if (grade === 'A+' || grade === 'A') return 'default';
  if (grade === 'B+' || grade === 'B') return 'secondary';
  return 'outline';
}

/** LOW green, MODERATE yellow, otherwise red, so UNKNOWN warns like HIGH does (docs/product.md "Screens"). */
export function speculationBadgeColour(level: string | null | undefined): SpeculationBadgeColour {
  if (level === 'LOW') return 'green';
  if (level === 'MODERATE') return 'yellow';
  return 'red';
}
