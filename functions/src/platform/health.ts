import { getConfig } from '../config';

const VERSION = process.env.APP_VERSION ?? '0.1.0';

/** A health answer from real probes: each probe is a cheap call to a dependency the service needs. */
export async function checkDependencies(
  service: string,
  probes: ReadonlyArray<() => Promise<unknown>>,
): Promise<{ status: 'ok' | 'degraded'; service: string; version: string; time: string }> {
  const results = await Promise.allSettled(probes.map((probe) => probe()));
  const healthy = results.every((result) => result.status === 'fulfilled');
  return {
    status: healthy ? 'ok' : 'degraded',
    service: `${service}:${getConfig().STAGE}`,
    version: VERSION,
    time: new Date().toISOString(),
  };
}

export const APP_VERSION = VERSION;
