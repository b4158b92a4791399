import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPOSITORY_ROOT } from '../lib/constructs/app-function';
import { buildNuggetApp } from '../lib/nugget-app';

// The one entry of the CDK app: `npm run synth`, `npx cdk deploy --all -c stage=prod`.
const app = new App();

// The built sites; `-c webDist=... -c adminDist=...` deploys builds made elsewhere (e.g. a CI artefact).
const sitePath = (contextKey: string, folder: string): string => {
  const fromContext: unknown = app.node.tryGetContext(contextKey);
  const path =
    typeof fromContext === 'string' && fromContext
      ? resolve(fromContext)
      : join(REPOSITORY_ROOT, folder, 'dist');
  if (!existsSync(join(path, 'index.html'))) {
    throw new Error(
      `${path}/index.html is missing: build the sites first (npm run synth runs npm run build -w web -w admin-web).`,
    );
  }
  return path;
};
const webAssetPath = sitePath('webDist', 'web');
const adminAssetPath = sitePath('adminDist', 'admin-web');

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
buildNuggetApp(app, {
  webAssetPath,
  adminAssetPath,
  // Offline (no credentials) both are unset and the stacks stay environment-agnostic.
  ...(account && region ? { env: { account, region } } : {}),
});

// cdk-nag 3 is a policy-validation plugin (an Aspect would crash): findings fail the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

app.synth();
