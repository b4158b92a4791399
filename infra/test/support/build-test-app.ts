import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Environment, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPOSITORY_ROOT } from '../../lib/constructs/app-function';
import { buildNuggetApp, type NuggetStacks } from '../../lib/nugget-app';

/** The context of cdk.json (feature flags, defaults), so tests see what `cdk synth` sees. */
const CDK_JSON_CONTEXT = (
  JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'cdk.json'), 'utf8')) as { context: object }
).context;

/** A minimal built site, so tests do not depend on `web/dist` and `admin-web/dist` being built. */
function siteFixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `nugget-${name}-`));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>${name}</title><div id="root"></div>`);
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("site");');
  return root;
}

export interface TestApp {
  readonly app: App;
  readonly stacks: NuggetStacks;
}

/**
 * The whole app as `npm run synth` builds it, from CDK context. With `placeholderCode: 'true'` the
 * Lambdas get inline code instead of nine esbuild bundles: only for tests that assert on wiring.
 */
export function buildTestApp(context: Record<string, string> = {}, env?: Environment): TestApp {
  const app = new App({
    context: { ...CDK_JSON_CONTEXT, ...context },
    outdir: mkdtempSync(join(tmpdir(), 'nugget-cdk-out-')),
  });
  const stacks = buildNuggetApp(app, {
    webAssetPath: siteFixture('web'),
    adminAssetPath: siteFixture('admin'),
    ...(env ? { env } : {}),
  });
  return { app, stacks };
}

/** Runs the AwsSolutions pack over the synthesised app; acknowledged findings are not reported. */
export function runNag(app: App): PolicyValidationPluginReport {
  app.synth();
  return new AwsSolutionsChecks(app).validateScope(app);
}
