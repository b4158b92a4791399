import * as z from 'zod';
import { FeatureSchema, PriceUpdateModeSchema, TierSchema } from '../enums';
import { IsoDateSchema, IsoDateTimeSchema, LocalizedTextSchema } from './common';

/** -1 means unlimited, 0 none allowed (docs/product.md "Entities"). */
export const LimitSchema = z.number().int().min(-1);

export const TierFeaturesSchema = z
  .object({
    portfolio_assets: LimitSchema,
    ai_recommendations: LimitSchema,
    market_alerts: LimitSchema,
    price_updates: PriceUpdateModeSchema,
  })
  .catchall(z.union([z.boolean(), z.number(), z.string()]));

export const TierInfoSchema = z.object({
  tier: TierSchema,
  display_name: z.string(),
  price: z.number(),
  currency: z.literal('USD'),
  interval: z.literal('month'),
  description: z.string(),
  description_localized: LocalizedTextSchema,
  features: TierFeaturesSchema,
});
export type TierInfo = z.infer<typeof TierInfoSchema>;

export const TiersResponseSchema = z.object({
  tiers: z.object({ FREE: TierInfoSchema, PREMIUM: TierInfoSchema, PRO: TierInfoSchema }),
});

export const UsageEntrySchema = z.object({ limit: LimitSchema, used: z.number().int().min(0) });

export const MySubscriptionResponseSchema = z.object({
  subscription: z.object({
    tier: TierSchema,
    status: z.enum(['active', 'demo']),
    started_at: IsoDateTimeSchema.nullable(),
    expires_at: IsoDateTimeSchema.nullable(),
    limits: z.object({
      portfolio_assets: UsageEntrySchema,
      ai_recommendations: UsageEntrySchema,
      market_alerts: UsageEntrySchema,
    }),
  }),
  tier_info: TierInfoSchema,
  demo: z.boolean(),
});

export const FeatureAccessSchema = z.object({
  allowed: z.boolean(),
  upgrade_message: z.string().nullable(),
  required_tier: TierSchema.nullable(),
  limit: LimitSchema.nullable(),
  used: z.number().int().nullable(),
  remaining: z.number().int().nullable().describe('null when unlimited or not a quota'),
});

export const FeatureAccessResponseSchema = z.object({
  feature: FeatureSchema,
  access: FeatureAccessSchema,
  user_tier: TierSchema,
  demo: z.boolean(),
});

export const UseFeatureResponseSchema = z.object({
  feature: FeatureSchema,
  used: z.number().int(),
  limit: LimitSchema,
  remaining: z.number().int().nullable(),
  user_tier: TierSchema,
});

export const UsageStatEntrySchema = z.object({
  used: z.number().int(),
  limit: LimitSchema,
  percentage: z.number().min(0).max(100),
});

export const UsageStatsResponseSchema = z.object({
  usage: z.object({
    portfolio_assets: UsageStatEntrySchema,
    daily_recommendations: UsageStatEntrySchema,
    market_alerts: UsageStatEntrySchema,
  }),
  user_tier: TierSchema,
  usage_date: IsoDateSchema.describe('the UTC day the daily counters belong to'),
  resets_at: IsoDateTimeSchema,
  demo: z.boolean(),
});
