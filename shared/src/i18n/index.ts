/**
 * Every user-facing string of the investor site (`web/`) and the admin site (`admin-web/`), in
 * en, fr and es, and the words of the server: `messages` (one text per message code of
 * `shared/src/messages/message-catalogue.ts`) and `terms` (the labels its parameters use), which the
 * API loads alone through `message-resources.ts`. English is the source: its JSON defines the keys and their types, and the French
 * and Spanish resources are checked against it here (missing keys fail the type check) and in
 * `resources.test.ts` (extra keys, empty values, lost placeholders, untranslated copies).
 *
 * No i18next import on purpose: shared/ stays framework-free; each site initialises i18next with
 * `resources`, `NAMESPACES`, `defaultNS` and `DEFAULT_LANGUAGE`.
 */
import { LANGUAGES, type Language } from '../domain/enums';
import enCommon from './locales/en/common.json';
import enNav from './locales/en/nav.json';
import enHome from './locales/en/home.json';
import enPricing from './locales/en/pricing.json';
import enAbout from './locales/en/about.json';
import enContact from './locales/en/contact.json';
import enFeatures from './locales/en/features.json';
import enLegal from './locales/en/legal.json';
import enAuth from './locales/en/auth.json';
import enShell from './locales/en/shell.json';
import enDashboard from './locales/en/dashboard.json';
import enPortfolio from './locales/en/portfolio.json';
import enGating from './locales/en/gating.json';
import enRecommendations from './locales/en/recommendations.json';
import enScreener from './locales/en/screener.json';
import enWatchlists from './locales/en/watchlists.json';
import enContextual from './locales/en/contextual.json';
import enAlerts from './locales/en/alerts.json';
import enSubscription from './locales/en/subscription.json';
import enSettings from './locales/en/settings.json';
import enMethodology from './locales/en/methodology.json';
import enGlossary from './locales/en/glossary.json';
import enAdmin from './locales/en/admin.json';
import enErrors from './locales/en/errors.json';
import enMessages from './locales/en/messages.json';
import enTerms from './locales/en/terms.json';
import enCharts from './locales/en/charts.json';
import frCommon from './locales/fr/common.json';
import frNav from './locales/fr/nav.json';
import frHome from './locales/fr/home.json';
import frPricing from './locales/fr/pricing.json';
import frAbout from './locales/fr/about.json';
import frContact from './locales/fr/contact.json';
import frFeatures from './locales/fr/features.json';
import frLegal from './locales/fr/legal.json';
import frAuth from './locales/fr/auth.json';
import frShell from './locales/fr/shell.json';
import frDashboard from './locales/fr/dashboard.json';
import frPortfolio from './locales/fr/portfolio.json';
import frGating from './locales/fr/gating.json';
import frRecommendations from './locales/fr/recommendations.json';
import frScreener from './locales/fr/screener.json';
import frWatchlists from './locales/fr/watchlists.json';
import frContextual from './locales/fr/contextual.json';
import frAlerts from './locales/fr/alerts.json';
import frSubscription from './locales/fr/subscription.json';
import frSettings from './locales/fr/settings.json';
import frMethodology from './locales/fr/methodology.json';
import frGlossary from './locales/fr/glossary.json';
import frAdmin from './locales/fr/admin.json';
import frErrors from './locales/fr/errors.json';
import frMessages from './locales/fr/messages.json';
import frTerms from './locales/fr/terms.json';
import frCharts from './locales/fr/charts.json';
import esCommon from './locales/es/common.json';
import esNav from './locales/es/nav.json';
import esHome from './locales/es/home.json';
import esPricing from './locales/es/pricing.json';
import esAbout from './locales/es/about.json';
import esContact from './locales/es/contact.json';
import esFeatures from './locales/es/features.json';
import esLegal from './locales/es/legal.json';
import esAuth from './locales/es/auth.json';
import esShell from './locales/es/shell.json';
import esDashboard from './locales/es/dashboard.json';
import esPortfolio from './locales/es/portfolio.json';
import esGating from './locales/es/gating.json';
import esRecommendations from './locales/es/recommendations.json';
import esScreener from './locales/es/screener.json';
import esWatchlists from './locales/es/watchlists.json';
import esContextual from './locales/es/contextual.json';
import esAlerts from './locales/es/alerts.json';
import esSubscription from './locales/es/subscription.json';
import esSettings from './locales/es/settings.json';
import esMethodology from './locales/es/methodology.json';
import esGlossary from './locales/es/glossary.json';
import esAdmin from './locales/es/admin.json';
import esErrors from './locales/es/errors.json';
import esMessages from './locales/es/messages.json';
import esTerms from './locales/es/terms.json';
import esCharts from './locales/es/charts.json';

export { LANGUAGES, type Language };

/** One JSON file per namespace and language, under `locales/<language>/<namespace>.json`. */
export const NAMESPACES = [
  'common',
  'nav',
  'home',
  'pricing',
  'about',
  'contact',
  'features',
  'legal',
  'auth',
  'shell',
  'dashboard',
  'portfolio',
  'gating',
  'recommendations',
  'screener',
  'watchlists',
  'contextual',
  'alerts',
  'subscription',
  'settings',
  'methodology',
  'glossary',
  'admin',
  'errors',
  'messages',
  'terms',
  'charts',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_LANGUAGE = 'en' satisfies Language;
export const defaultNS = 'common' satisfies Namespace;

const en = {
  common: enCommon,
  nav: enNav,
  home: enHome,
  pricing: enPricing,
  about: enAbout,
  contact: enContact,
  features: enFeatures,
  legal: enLegal,
  auth: enAuth,
  shell: enShell,
  dashboard: enDashboard,
  portfolio: enPortfolio,
  gating: enGating,
  recommendations: enRecommendations,
  screener: enScreener,
  watchlists: enWatchlists,
  contextual: enContextual,
  alerts: enAlerts,
  subscription: enSubscription,
  settings: enSettings,
  methodology: enMethodology,
  glossary: enGlossary,
  admin: enAdmin,
  errors: enErrors,
  messages: enMessages,
  terms: enTerms,
  charts: enCharts,
} satisfies Record<Namespace, unknown>;

/** The shape every language must have: English's keys, string leaves. */
export type LanguageResources = typeof en;

const fr: LanguageResources = {
  common: frCommon,
  nav: frNav,
  home: frHome,
  pricing: frPricing,
  about: frAbout,
  contact: frContact,
  features: frFeatures,
  legal: frLegal,
  auth: frAuth,
  shell: frShell,
  dashboard: frDashboard,
  portfolio: frPortfolio,
  gating: frGating,
  recommendations: frRecommendations,
  screener: frScreener,
  watchlists: frWatchlists,
  contextual: frContextual,
  alerts: frAlerts,
  subscription: frSubscription,
  settings: frSettings,
  methodology: frMethodology,
  glossary: frGlossary,
  admin: frAdmin,
  errors: frErrors,
  messages: frMessages,
  terms: frTerms,
  charts: frCharts,
};

const es: LanguageResources = {
  common: esCommon,
  nav: esNav,
  home: esHome,
  pricing: esPricing,
  about: esAbout,
  contact: esContact,
  features: esFeatures,
  legal: esLegal,
  auth: esAuth,
  shell: esShell,
  dashboard: esDashboard,
  portfolio: esPortfolio,
  gating: esGating,
  recommendations: esRecommendations,
  screener: esScreener,
  watchlists: esWatchlists,
  contextual: esContextual,
  alerts: esAlerts,
  subscription: esSubscription,
  settings: esSettings,
  methodology: esMethodology,
  glossary: esGlossary,
  admin: esAdmin,
  errors: esErrors,
  messages: esMessages,
  terms: esTerms,
  charts: esCharts,
};

export const resources: Readonly<Record<Language, LanguageResources>> = { en, fr, es };

/** Dotted paths to the string leaves of a resource object: `'hero.title' | 'hero.badge' | ...`. */
export type NestedKeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${NestedKeyOf<T[K]>}`;
}[keyof T & string];

/** i18next picks `key_one` / `key_other` from `count`; callers pass the bare `key`. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPluralSuffix<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;

/** A key of namespace `NS` as passed to `t()`, typed from the English resources. */
export type TranslationKey<NS extends Namespace = typeof defaultNS> = WithoutPluralSuffix<
  NestedKeyOf<LanguageResources[NS]>
>;
