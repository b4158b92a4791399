import { describe, expect, it } from 'vitest';
import { buildTestApp, runNag } from './support/build-test-app';

function findingsOf(report: ReturnType<typeof runNag>): string[] {
  return report.violations.map(
    (violation) =>
      `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
  );
}

describe('cdk-nag AwsSolutions checks', () => {
  // esbuild bundles every area's Lambda here: 49 s in one full run, past 120 s in the next under a load
  // average of 14 (two helpers' full runs at once). What it checks is unchanged.
  it('report nothing unacknowledged on the app as npm run synth builds it (real esbuild bundles)', () => {
    const { app } = buildTestApp();
    expect(findingsOf(runNag(app))).toEqual([]);
  }, 300_000);

  it('report nothing for prod in a known account and region (literal ARNs in findings)', () => {
    const { app } = buildTestApp(
      { placeholderCode: 'true', stage: 'prod', alarmEmail: 'ops@example.com' },
      { account: '123456789012', region: 'eu-west-1' },
    );
    expect(findingsOf(runNag(app))).toEqual([]);
  });
});
