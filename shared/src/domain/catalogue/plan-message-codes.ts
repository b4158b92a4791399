import type { Language } from '../enums';
import enSubscription from '../../i18n/locales/en/subscription.json';

/**
 * Stable codes of the messages the plan's entitlements produce (custom alert rules, details, delayed
 * prices), each with its parameters, as the billing core's codes do. Texts: `subscription:planMessages.<code>`
 * in en, fr and es with the parameters as `{{placeholders}}`; the API's `error` is the English text,
 * `message_code` and `params` let the sites word it in the reader's language.
 */
export interface PlanMessageParams {
  PLAN_ALERT_RULES_LIMIT: { limit: number };
  PLAN_SYMBOL_NOT_WATCHED: { symbol: string; watched: string };
  PLAN_ALERT_RULE_NOT_FOUND: { ruleId: string };
  PLAN_RECOMMENDATION_NOT_SHOWN: { symbol: string };
  PLAN_DELAYED_QUOTE_NOT_READY: { symbol: string; minutes: number };
}

export type PlanMessageCode = keyof PlanMessageParams;

export const PLAN_MESSAGE_CODES = [
  'PLAN_ALERT_RULES_LIMIT',
  'PLAN_SYMBOL_NOT_WATCHED',
  'PLAN_ALERT_RULE_NOT_FOUND',
  'PLAN_RECOMMENDATION_NOT_SHOWN',
  'PLAN_DELAYED_QUOTE_NOT_READY',
] as const satisfies readonly PlanMessageCode[];

type MissingFromList = Exclude<PlanMessageCode, (typeof PLAN_MESSAGE_CODES)[number]>;
export const PLAN_MESSAGE_CODES_COMPLETE: MissingFromList extends never ? true : never = true;

/** `{{name}}` placeholders filled from params (what i18next does on the sites). */
export function fillPlaceholders(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export interface CodedMessage<Code extends PlanMessageCode = PlanMessageCode> {
  code: Code;
  params: PlanMessageParams[Code];
}

export function planMessage<Code extends PlanMessageCode>(
  code: Code,
  params: PlanMessageParams[Code],
): CodedMessage<Code> {
  return { code, params };
}

/** The message's text in a language, from the texts the caller passes (the i18n resources). */
export function renderPlanMessage(
  message: CodedMessage,
  texts: Readonly<Record<Language, Readonly<Record<PlanMessageCode, string>>>>,
  language: Language = 'en',
): string {
  return fillPlaceholders(texts[language][message.code], message.params);
}

/** The English text: what the API puts in `error` beside `message_code` and `params`. */
export function englishPlanMessage(message: CodedMessage): string {
  return fillPlaceholders(enSubscription.planMessages[message.code], message.params);
}
