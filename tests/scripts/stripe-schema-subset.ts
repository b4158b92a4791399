import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/*
 * Re-makes tests/stripe-simulator/stripe-schemas.json, the excerpt of Stripe's published OpenAPI
 * schema that the Stripe-format server checks its answers against (tests/stripe-simulator/README.md
 * says which version and why):
 *
 *   npx tsx tests/scripts/stripe-schema-subset.ts <spec3.json> "<where it came from>"
 *
 * It keeps the schemas of the objects the server answers with (ROOTS) and every schema they $ref,
 * transitively, verbatim but for the prose (`description`), which only Stripe's documentation reads.
 */

const ROOTS = [
  'billing_portal.session',
  'customer',
  'error',
  'event',
  'payment_intent',
  'payment_method',
  'price',
  'refund',
  'setup_intent',
  'subscription_item',
  'subscription_schedule',
];

const OUT = fileURLToPath(new URL('../stripe-simulator/stripe-schemas.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const [specPath, source] = process.argv.slice(2);
if (!specPath || !source) {
  console.error('usage: stripe-schema-subset.ts <spec3.json> "<repository, path and commit>"');
  process.exit(1);
}
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as {
  info: { version: string };
  components: { schemas: Record<string, Json> };
};
const all = spec.components.schemas;

const refsOf = (node: Json, found: Set<string>): void => {
  if (Array.isArray(node)) for (const item of node) refsOf(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else refsOf(value, found);
    }
  }
};

const withoutProse = (node: Json, key = ''): Json => {
  if (Array.isArray(node)) return node.map((item) => withoutProse(item));
  if (node === null || typeof node !== 'object') return node;
  // Under `properties` the keys are field names (a field may be called `description`).
  const kept = Object.entries(node).filter(([name]) => key === 'properties' || name !== 'description');
  return Object.fromEntries(kept.map(([name, value]) => [name, withoutProse(value, name)]));
};

const kept = new Map<string, Json>();
const pending = [...ROOTS];
for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
  if (kept.has(name)) continue;
  const schema = all[name];
  if (schema === undefined) throw new Error(`${specPath} has no schema ${name}`);
  kept.set(name, withoutProse(schema));
  const refs = new Set<string>();
  refsOf(schema, refs);
  pending.push(...[...refs].filter((ref) => !kept.has(ref)));
}

const sorted = Object.fromEntries([...kept.entries()].sort(([a], [b]) => a.localeCompare(b)));
const document = { source, apiVersion: spec.info.version, roots: ROOTS, components: { schemas: sorted } };
const options = { ...(await resolveConfig(OUT)), filepath: OUT };
writeFileSync(OUT, await format(JSON.stringify(document), options));
console.log(`${kept.size} schemas (${ROOTS.length} roots) written to ${OUT}`);
