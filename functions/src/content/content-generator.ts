import type { Message } from '@app/shared/messages/message';
import type { Language } from '@app/shared/domain/enums';
import type { AssetType, Grade, RecommendationAction, VolatilityRegime } from '../engine/types';

/** Social content types and audiences (docs/product.md "Entities"). */
export type ContentType = 'POST' | 'REEL' | 'STORY';
export type Audience = 'beginner' | 'intermediate' | 'advanced';

/** One asset as the engine graded it on the day: the facts a post may quote, nothing else. */
export interface GradedAsset {
  symbol: string;
  name: string;
  asset_type: AssetType;
  /** Date of the replayed (or live) bar the figures belong to. */
  price_date: string;
  current_price: number;
  investment_grade: Grade;
  composite_rationality_score: number;
  action: RecommendationAction;
  risk_score: number;
  volatility_1month: number | null;
  volatility_regime: VolatilityRegime | null;
  momentum_1m: number | null;
  momentum_3m: number | null;
  max_drawdown: number | null;
  /** The engine's main explanation, in every language. */
  /** The top key nugget, worded in each post's language. */
  key_nugget: Message | null;
  data_mode: 'replay' | 'live';
}

/** A market event the catalyst engine found for one of the assets. */
export interface CatalystBrief {
  symbol: string;
  title: string;
  event_type: string;
  impact_level: 'HIGH' | 'MEDIUM' | 'LOW';
  sentiment_label: 'positive' | 'negative' | 'neutral';
  published_at: string;
}

/** What the day's posts are written from. */
export interface ContentBrief {
  day: string;
  assets: GradedAsset[];
  catalysts: CatalystBrief[];
}

/** One post to write: its slot in the day's plan and the asset it is about. */
export interface ContentRequest {
  day: string;
  slot: number;
  type: ContentType;
  audience: Audience;
  language: Language;
  theme: ContentTheme;
  focus: GradedAsset;
  catalyst: CatalystBrief | null;
}

/**
 * Themes of the day's plan, each teaching something the anti-speculation stance cares about:
 * what a grade means (quality first), how much an asset swings (risk first), and why the engine
 * graded it so (the factors), with a catalyst to weigh when there is one.
 */
export type ContentTheme = 'quality' | 'volatility' | 'factors';

export interface GeneratedPost {
  content: string;
  hashtags: string[];
  /** Token counts when a model wrote it (for the cost record). */
  usage?: { inputTokens: number; outputTokens: number };
}

/** Writes one post. The default is the deterministic template generator; the cloud may use Bedrock. */
export interface ContentGenerator {
  readonly name: string;
  generate(request: ContentRequest): Promise<GeneratedPost>;
}

/** The day's plan: one post per theme and language (3 x 3 = 9 posts a day). */
export const DAILY_SLOTS: ReadonlyArray<{ type: ContentType; audience: Audience; theme: ContentTheme }> = [
  { type: 'POST', audience: 'beginner', theme: 'quality' },
  { type: 'REEL', audience: 'intermediate', theme: 'volatility' },
  { type: 'STORY', audience: 'advanced', theme: 'factors' },
];

export const CONTENT_LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];

function byNumberDescending(value: (asset: GradedAsset) => number | null) {
  return (a: GradedAsset, b: GradedAsset) =>
    (value(b) ?? Number.NEGATIVE_INFINITY) - (value(a) ?? Number.NEGATIVE_INFINITY) ||
    a.symbol.localeCompare(b.symbol);
}

/** The asset each theme talks about; ties break on the symbol so the plan is deterministic. */
export function pickFocus(theme: ContentTheme, brief: ContentBrief): GradedAsset | null {
  const assets = [...brief.assets];
  if (assets.length === 0) return null;
  if (theme === 'quality') {
    return assets.sort(byNumberDescending((asset) => asset.composite_rationality_score))[0] ?? null;
  }
  if (theme === 'volatility') {
    return assets.sort(byNumberDescending((asset) => asset.volatility_1month))[0] ?? null;
  }
  // Factors: prefer an asset with a high-impact catalyst to weigh, else the second-best graded one.
  const withCatalyst = assets
    .filter((asset) => brief.catalysts.some((catalyst) => catalyst.symbol === asset.symbol))
    .sort(byNumberDescending((asset) => asset.composite_rationality_score));
  if (withCatalyst[0]) return withCatalyst[0];
  const ranked = assets.sort(byNumberDescending((asset) => asset.composite_rationality_score));
  return ranked[1] ?? ranked[0] ?? null;
}

const IMPACT_ORDER = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const;

export function pickCatalyst(symbol: string, brief: ContentBrief): CatalystBrief | null {
  const candidates = brief.catalysts
    .filter((catalyst) => catalyst.symbol === symbol)
    .sort(
      (a, b) =>
        IMPACT_ORDER[a.impact_level] - IMPACT_ORDER[b.impact_level] ||
        b.published_at.localeCompare(a.published_at) ||
        a.title.localeCompare(b.title),
    );
  return candidates[0] ?? null;
}

/** Every post of the day, in a fixed order. */
export function planDailyContent(brief: ContentBrief): ContentRequest[] {
  const requests: ContentRequest[] = [];
  DAILY_SLOTS.forEach((slot, slotIndex) => {
    const focus = pickFocus(slot.theme, brief);
    if (!focus) return;
    const catalyst = slot.theme === 'factors' ? pickCatalyst(focus.symbol, brief) : null;
    for (const language of CONTENT_LANGUAGES) {
      requests.push({
        day: brief.day,
        slot: slotIndex,
        type: slot.type,
        audience: slot.audience,
        language,
        theme: slot.theme,
        focus,
        catalyst,
      });
    }
  });
  return requests;
}
