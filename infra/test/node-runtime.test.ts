import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as lambda from 'aws-cdk-lib/aws-lambda';

/*
 * The local stack, the tests and CI run the Node.js major that Lambda runs (22): the README's
 * install step provides it (scripts/install.sh), and a machine still on another major must fail
 * here instead of testing on a runtime the cloud never runs.
 */
const appFunctionSource = readFileSync(new URL('../lib/constructs/app-function.ts', import.meta.url), 'utf8');

describe('Node.js runtime', () => {
  it('runs the tests on Node 22', () => {
    expect(process.version).toMatch(/^v22\./);
  });

  it('deploys every function on the Lambda runtime of the same major', () => {
    const runtimes = [...appFunctionSource.matchAll(/lambda\.Runtime\.(NODEJS_\w+)/g)].map((m) => m[1]);
    expect(runtimes.length).toBeGreaterThan(0);
    for (const name of runtimes) {
      const runtime = (lambda.Runtime as unknown as Record<string, lambda.Runtime>)[name as string];
      expect(runtime?.name).toBe(`nodejs${process.versions.node.split('.')[0]}.x`);
    }
  });

  it('declares Node 22 or later in engines', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe('>=22');
  });
});
