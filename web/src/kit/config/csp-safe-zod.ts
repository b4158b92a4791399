/*
 * Imported first by each site's entry (main.tsx), before any module builds a zod schema: zod's object
 * schemas probe `new Function` once, to compile a faster parser, and the sites' Content-Security-Policy
 * (script-src without 'unsafe-eval', infra/local/static-site-server.ts) refuses it. The probe's error is caught,
 * but the browser still reports a CSP violation on every load (issue 46: "a CSP with no violation").
 * zod's `jitless` setting skips the probe and the compiled parser (the sites' payloads are small).
 *
 * Set where zod keeps its global configuration (globalThis.__zod_globalConfig, which zod's core adopts
 * when it loads) rather than through zod's `config()`: importing zod here would put its core in the
 * home page's entry, which does not otherwise load it. ./csp-safe-zod.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
