import * as z from 'zod';
import { FEATURES } from '../domain/enums';
import { SymbolSchema } from '../domain/entities/common';
import { fieldCode } from '../messages/field-issues';

/** Path-parameter schemas reused by several routes. */

export const SymbolParamsSchema = z.strictObject({ symbol: SymbolSchema });

/** `demo_user` is the public demo; any other value must be the caller's own id. */
export const UserParamsSchema = z.strictObject({
  user: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, fieldCode('FIELD_NOT_USER_ID')),
});

/** One symbol of a user's list (`demo_user` for the public demo). */
export const UserSymbolParamsSchema = UserParamsSchema.extend({ symbol: SymbolSchema });

export const FeatureParamsSchema = z.strictObject({
  feature: z.enum(FEATURES),
});

/** Ids we mint are ULIDs; anything else cannot exist, so it is refused before a lookup. */
export const IdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, fieldCode('FIELD_NOT_ID'));

export const IdParamsSchema = z.strictObject({ id: IdSchema });
export const HoldingParamsSchema = z.strictObject({ holdingId: IdSchema });
export const RuleParamsSchema = z.strictObject({ ruleId: IdSchema });
export const WatchlistParamsSchema = z.strictObject({ listId: IdSchema });
export const WatchlistSymbolParamsSchema = WatchlistParamsSchema.extend({ symbol: SymbolSchema });
