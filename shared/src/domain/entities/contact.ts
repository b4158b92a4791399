import * as z from 'zod';
import { TIER_CATALOGUE } from '../catalogue/tiers';
import { TierSchema, type Tier } from '../enums';
import { CursorSchema, IsoDateTimeSchema } from './common';
import { ContactFormSchema } from './user';

/**
 * Contact messages (docs/product.md "Contact and the admin Inbox"): anyone may write, signed in or
 * not; administrators read them in the admin site's Inbox, paid plans' messages first (the priority
 * support perk), then newest first.
 */

/**
 * How many messages one sender may send per clock hour: a signed-in user by their id; anyone else by
 * their IP address, with a larger budget because one address can hide many people (an office, a
 * mobile carrier's NAT).
 */
export const CONTACT_MESSAGES_PER_HOUR = { signedIn: 5, perAddress: 20 } as const;

/**
 * The form as posted: the four fields plus `website`, a honeypot no person sees (hidden from view and
 * from assistive technology). A filled honeypot is answered like any message and stored nowhere.
 */
export const ContactMessagePayloadSchema = ContactFormSchema.extend({
  website: z.string().max(500).optional(),
});
export type ContactMessagePayload = z.infer<typeof ContactMessagePayloadSchema>;

/** The same answer for a stored message and a caught bot, so a bot learns nothing. */
export const ContactMessageAcceptedSchema = z.object({ received: z.literal(true) });

/** A stored message as the Inbox shows it; `sender_tier` is null for a sender who was not signed in. */
export const InboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  user_id: z.string().nullable(),
  sender_tier: TierSchema.nullable(),
  /** The sender's plan had priority_support when they wrote: listed first. */
  priority: z.boolean(),
  received_at: IsoDateTimeSchema,
  handled: z.boolean(),
  handled_at: IsoDateTimeSchema.nullable(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxResponseSchema = z.object({
  messages: z.array(InboxMessageSchema),
  next_cursor: CursorSchema.nullable(),
});

export const InboxHandledPayloadSchema = z.strictObject({ handled: z.boolean() });

/**
 * Whether a sender's plan puts their message ahead in the Inbox (the tier catalogue's
 * priority_support); a sender who was not signed in has no plan.
 */
export function hasPrioritySupport(tier: Tier | null): boolean {
  return tier !== null && TIER_CATALOGUE[tier].features.priority_support;
}
