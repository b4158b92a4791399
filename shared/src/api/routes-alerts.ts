import * as z from 'zod';
import {
  AlertRuleInputSchema,
  AlertRuleSchema,
  AlertRulesResponseSchema,
} from '../domain/entities/alert-rules';
import {
  AlertCountResponseSchema,
  NotificationPreferencesPayloadSchema,
  NotificationPreferencesSchema,
  UserAlertsResponseSchema,
} from '../domain/entities/catalysts';
import { IdParamsSchema, RuleParamsSchema } from './params';
import { defineRoute } from './route';

/**
 * The user's alerts (`/api/alerts/*`): the alerts the engine raised for them, read, dismissed and
 * restored, their mail preferences and their custom rules. Served by the portfolio area, which spreads
 * these routes into its own (docs/glossary.md "Areas" says why they have no area of their own).
 */
export const alertRoutes = {
  alerts: defineRoute({
    id: 'portfolio.listAlerts',
    method: 'GET',
    path: '/api/alerts',
    area: 'portfolio',
    access: 'optional-user',
    summary: "The caller's alerts, dismissed ones included (the three sample alerts without a token).",
    response: UserAlertsResponseSchema,
    rateClass: 'read',
  }),
  alertCount: defineRoute({
    id: 'portfolio.countActiveAlerts',
    method: 'GET',
    path: '/api/alerts/count',
    area: 'portfolio',
    access: 'optional-user',
    summary:
      "How many of the caller's alerts are active (not dismissed) and unread, for the sidebar's badge and the bell; the demo samples without a token.",
    response: AlertCountResponseSchema,
    rateClass: 'read',
  }),
  markAlertRead: defineRoute({
    id: 'portfolio.markAlertRead',
    method: 'POST',
    path: '/api/alerts/{id}/read',
    area: 'portfolio',
    access: 'user',
    summary: 'Mark one of the caller’s alerts read (opened from the notifications panel or its details).',
    params: IdParamsSchema,
    response: z.object({ id: z.string(), read: z.literal(true) }),
    errors: [404],
    rateClass: 'write',
  }),
  markAllAlertsRead: defineRoute({
    id: 'portfolio.markAllAlertsRead',
    method: 'POST',
    path: '/api/alerts/read-all',
    area: 'portfolio',
    access: 'user',
    summary: "Mark every one of the caller's listed alerts read.",
    response: z.object({ marked: z.number().int().min(0) }),
    rateClass: 'write',
  }),
  notificationPreferences: defineRoute({
    id: 'portfolio.getNotificationPreferences',
    method: 'GET',
    path: '/api/alerts/preferences',
    area: 'portfolio',
    access: 'user',
    summary:
      'The caller’s notification preferences: per alert type, in the app (all on until saved), by e-mail and in the daily digest (off until saved).',
    response: NotificationPreferencesSchema,
    rateClass: 'read',
  }),
  saveNotificationPreferences: defineRoute({
    id: 'portfolio.saveNotificationPreferences',
    method: 'PUT',
    path: '/api/alerts/preferences',
    area: 'portfolio',
    access: 'user',
    summary:
      'Save the caller’s notification preferences; alerts of a type turned off in the app leave the alerts list, the badge and the bell; a channel left out keeps its saved switches.',
    body: NotificationPreferencesPayloadSchema,
    response: NotificationPreferencesSchema,
    rateClass: 'write',
  }),
  dismissAlert: defineRoute({
    id: 'portfolio.dismissAlert',
    method: 'POST',
    path: '/api/alerts/{id}/dismiss',
    area: 'portfolio',
    access: 'user',
    summary: 'Dismiss one of the caller’s alerts.',
    params: IdParamsSchema,
    response: z.object({ id: z.string(), dismissed: z.literal(true) }),
    errors: [404],
    rateClass: 'write',
  }),
  restoreAlerts: defineRoute({
    id: 'portfolio.restoreAlerts',
    method: 'POST',
    path: '/api/alerts/restore',
    area: 'portfolio',
    access: 'user',
    summary: "Restore all of the caller's dismissed alerts.",
    response: z.object({ restored: z.number().int() }),
    rateClass: 'write',
  }),
  alertRules: defineRoute({
    id: 'portfolio.listAlertRules',
    method: 'GET',
    path: '/api/alerts/rules',
    area: 'portfolio',
    access: 'user',
    summary:
      "The caller's custom alert rules, with the plan's cap; every rule reads 'paused' while the plan lacks custom_alerts.",
    response: AlertRulesResponseSchema,
    rateClass: 'read',
  }),
  createAlertRule: defineRoute({
    id: 'portfolio.createAlertRule',
    method: 'POST',
    path: '/api/alerts/rules',
    area: 'portfolio',
    access: 'user',
    summary:
      'Create a custom alert rule on a symbol (custom_alerts, PRO): 403 without the feature or at the cap, 404 for an unknown symbol.',
    body: AlertRuleInputSchema,
    response: AlertRuleSchema,
    successStatus: 201,
    errors: [403, 404, 409, 422],
    idempotent: true,
    rateClass: 'write',
  }),
  updateAlertRule: defineRoute({
    id: 'portfolio.updateAlertRule',
    method: 'PUT',
    path: '/api/alerts/rules/{ruleId}',
    area: 'portfolio',
    access: 'user',
    summary: 'Replace one of the caller’s custom alert rules (custom_alerts, PRO).',
    params: RuleParamsSchema,
    body: AlertRuleInputSchema,
    response: AlertRuleSchema,
    errors: [403, 404],
    rateClass: 'write',
  }),
  deleteAlertRule: defineRoute({
    id: 'portfolio.deleteAlertRule',
    method: 'DELETE',
    path: '/api/alerts/rules/{ruleId}',
    area: 'portfolio',
    access: 'user',
    summary: 'Delete one of the caller’s custom alert rules (allowed on any plan, paused rules included).',
    params: RuleParamsSchema,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    errors: [404],
    rateClass: 'write',
  }),
} as const;
