import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@app/shared/api';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { messageResources } from '@app/shared/i18n/message-resources';
import { signInSeedAdmin, signUpInvestor, type ApiResponse, type SignedInUser } from '../src/api';
import { callRoute, type RouteCall } from './fixtures';
import { createSuiteReport } from './security-report';

/*
 * Every route of the contract, asked in English, French and Spanish (docs/messages.md): its error or
 * its text must differ from the English one and be that language's text of the same message. The probe
 * of a route is chosen from its shape, so a new route is covered without anyone remembering to:
 *   - path parameters: every one set to "!!" (no parameter accepts it): 400, one message per field;
 *   - else a query: an unknown parameter (every query schema is strict): 400 naming it;
 *   - else a body: an unknown field (every body schema is strict): 400 naming it;
 *   - else an admin route with an investor's token: 403; a user route without a token: 401 (the
 *     local gateway's, as API Gateway's JWT authorizer answers in the cloud); an optional-user route
 *     with a token that is not one: 401;
 *   - else a public route without input: the texts of its answer (TEXT_PROBES), or the routes that write
 *     no text at all (NO_TEXT). A public route in neither table fails the suite.
 * The expected text is computed here from the resources alone: the language's template of the
 * message code the body names, its placeholders free, must match the text exactly.
 */

type Language = 'en' | 'fr' | 'es';
const ACCEPT_LANGUAGE: Record<Language, string> = {
  en: 'en-US,en;q=0.9',
  fr: 'fr-FR,fr;q=0.9',
  es: 'es-ES,es;q=0.9',
};

/** Public routes without input: where their answer carries text the server writes. */
const TEXT_PROBES: Readonly<Record<string, (body: Record<string, unknown>) => string[]>> = {
  'public.getRoot': (body) => [String(body.message)],
  'ai.getHealth': (body) => (body.checks as { detail: string }[]).map((check) => check.detail),
  'ai.getEnhancedPrices': (body) =>
    Object.values(body.market_groups as Record<string, { analysisNote: string }[]>)
      .flat()
      .map((item) => item.analysisNote),
  'ai.getLiveMarketAlerts': (body) => [
    ...(body.alerts as { message: string; recommended_action: string }[]).flatMap((alert) => [
      alert.message,
      alert.recommended_action,
    ]),
    ...(typeof body.message === 'string' ? [body.message] : []),
  ],
  'subscription.getTiers': (body) =>
    Object.values(body.tiers as Record<string, { display_name: string; description: string }>).map(
      (tier) => `${tier.display_name}: ${tier.description}`,
    ),
};

/** Public routes without input whose answers hold no text at all: numbers, ids, dates and status codes. */
const NO_TEXT: Readonly<Record<string, string>> = {
  'public.getHealth': 'status, service id, version and time',
  'auth.getHealth': 'status, service id, version and time',
  'ai.getPrices': 'prices, changes, dates and the data mode',
  'ai.getMarketClock': 'the data mode, the market date, the replay position and times',
  'ai.getGradeChain': 'the data mode, the chain head (date, hash, formula version, count) and its length',
};

type Probe =
  | { kind: 'error'; status: number; call: (tokens: Tokens) => RouteCall }
  | { kind: 'text'; read: (body: Record<string, unknown>) => string[] }
  | { kind: 'none'; reason: string };

interface Tokens {
  investor: string;
  admin: string;
}

const INVALID = '!!';

function tokenFor(route: RouteDefinition, tokens: Tokens): string | undefined {
  if (route.access === 'admin') return tokens.admin;
  if (route.access === 'user' || route.access === 'optional-user') return tokens.investor;
  return undefined;
}

/** The probe of a route, from its shape alone (see the comment at the top). */
function probeOf(route: RouteDefinition): Probe | undefined {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (params.length > 0) {
    return {
      kind: 'error',
      status: 400,
      call: (tokens) => ({
        params: Object.fromEntries(params.map((name) => [name, INVALID])),
        ...(route.body ? { body: {} } : {}),
        ...(tokenFor(route, tokens) ? { token: tokenFor(route, tokens) } : {}),
      }),
    };
  }
  if (route.query) {
    return {
      kind: 'error',
      status: 400,
      call: (tokens) => ({
        rawQuery: 'not_a_parameter=1',
        ...(tokenFor(route, tokens) ? { token: tokenFor(route, tokens) } : {}),
      }),
    };
  }
  // Stripe's deliveries carry no body schema (the raw body is verified): an unsigned one is refused.
  if (route.id === 'subscription.stripeWebhook')
    return { kind: 'error', status: 400, call: () => ({ body: { id: 'evt_unsigned' } }) };
  if (route.body) {
    return {
      kind: 'error',
      status: 400,
      call: (tokens) => ({
        body: { not_a_field: 1 },
        ...(tokenFor(route, tokens) ? { token: tokenFor(route, tokens) } : {}),
      }),
    };
  }
  if (route.access === 'admin')
    return { kind: 'error', status: 403, call: (tokens) => ({ token: tokens.investor }) };
  if (route.access === 'user') return { kind: 'error', status: 401, call: () => ({}) };
  if (route.access === 'optional-user')
    return { kind: 'error', status: 401, call: () => ({ token: 'not-a-token' }) };
  const read = TEXT_PROBES[route.id];
  if (read) return { kind: 'text', read };
  const reason = NO_TEXT[route.id];
  return reason ? { kind: 'none', reason } : undefined;
}

/**
 * A language's template of a message, as a pattern: its text with each `{{placeholder}}` free. Plural
 * codes have one template per form.
 */
function templatesOf(code: string, language: Language): RegExp[] {
  const texts = messageResources[language].messages as Record<string, string>;
  return [code, `${code}_one`, `${code}_other`]
    .flatMap((key) => (texts[key] === undefined ? [] : [texts[key] as string]))
    .map((text) => {
      const pieces = text
        .split(/\{\{\s*\w+\s*\}\}/)
        .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(`^${pieces.join('.+?')}$`, 's');
    });
}

/** All templates of a language, to recognise a generated text whose code the answer does not name. */
function anyTemplateMatches(text: string, language: Language): boolean {
  return Object.keys(messageResources[language].messages).some((key) =>
    templatesOf(key.replace(/_(one|other)$/, ''), language).some((pattern) => pattern.test(text)),
  );
}

const report = createSuiteReport("Messages in the caller's language", 7);
afterAll(() => report.save());

describe("every route answers in the caller's language", () => {
  let tokens: Tokens;
  let investor: SignedInUser;

  beforeAll(async () => {
    investor = await signUpInvestor('Langue');
    tokens = { investor: investor.token, admin: (await signInSeedAdmin()).token };
  }, 60_000);

  it('has a probe for every contract route (a public route without input must be listed)', () => {
    const unprobed = ROUTES.filter((route) => probeOf(route) === undefined).map((route) => route.id);
    const stale = [...Object.keys(TEXT_PROBES), ...Object.keys(NO_TEXT)].filter(
      (id) => !ROUTES.some((route) => route.id === id),
    );

    expect({ unprobed, stale }).toEqual({ unprobed: [], stale: [] });
  });

  it.each(ROUTES.map((route) => [route.id, route] as const))('%s', async (_id, route) => {
    const probe = probeOf(route);
    if (!probe || probe.kind === 'none') {
      report.count(route, 'free');
      return;
    }
    const answers = {} as Record<Language, ApiResponse<Record<string, unknown>>>;
    for (const language of ['en', 'fr', 'es'] as const) {
      const call = probe.kind === 'error' ? probe.call(tokens) : {};
      answers[language] = (await callRoute(route, {
        ...call,
        headers: { ...(call.headers ?? {}), 'accept-language': ACCEPT_LANGUAGE[language] },
      })) as ApiResponse<Record<string, unknown>>;
      const inspection = report.inspect(route, 'free', answers[language], [investor.email]);
      expect(inspection.serverError, answers[language].text).toBe(false);
    }

    if (probe.kind === 'error') {
      for (const language of ['en', 'fr', 'es'] as const) {
        const body = answers[language].body;
        expect(answers[language].status, `${language}: ${answers[language].text}`).toBe(probe.status);
        expect(body.message_code).toBe(answers.en.body.message_code);
        const texts: [string, string][] = [[String(body.message_code), String(body.error)]];
        for (const issue of (body.issues ?? []) as { message_code: string; message: string }[])
          texts.push([issue.message_code, issue.message]);
        for (const [code, text] of texts) {
          expect(
            templatesOf(code, language).some((pattern) => pattern.test(text)),
            `${language} ${code}: "${text}"`,
          ).toBe(true);
        }
      }
      const issueTexts = (language: Language) =>
        ((answers[language].body.issues ?? []) as { message: string }[]).map((issue) => issue.message);
      for (const language of ['fr', 'es'] as const) {
        expect(answers[language].body.error).not.toBe(answers.en.body.error);
        issueTexts(language).forEach((text, index) => expect(text).not.toBe(issueTexts('en')[index]));
      }
      return;
    }

    const english = probe.read(answers.en.body);
    expect(english.length).toBeGreaterThan(0);
    for (const language of ['fr', 'es'] as const) {
      const translated = probe.read(answers[language].body);
      expect(translated).toHaveLength(english.length);
      translated.forEach((text, index) => {
        expect(text, `${language}: ${text}`).not.toBe(english[index]);
      });
      // Generated texts are some message of the language, never a copy of an English one.
      if (route.id === 'subscription.getTiers') {
        // Catalogue texts, not messages: the tier's name and description in that language.
        const tiers = answers[language].body.tiers as Record<
          'FREE' | 'PREMIUM' | 'PRO',
          { description: string }
        >;
        for (const tier of ['FREE', 'PREMIUM', 'PRO'] as const)
          expect(tiers[tier].description).toBe(TIER_CATALOGUE[tier].description[language]);
      } else {
        expect(translated.filter((text) => anyTemplateMatches(text, language))).toEqual(translated);
      }
    }
  });
});
