import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseBoundedJson } from './bounded-json';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON with its nesting bounded', () => {
  it('counts arrays and objects opened inside one another, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"note":"[[[[[[[[{{{{"}', 1)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(nestsDeeperThan('{"note":"say \\"[[[[\\" twice"}', 1)).toBe(false);
    expect(nestsDeeperThan('[1],[2],[3]', 1)).toBe(false);
  });

  it('parses a document at the limit and refuses one a level deeper', () => {
    expect(parseBoundedJson(nested(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    expect(parseBoundedJson(nested(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, reason: 'too_deep' });
  });

  it('refuses 20,000 levels without overflowing the stack, and tells malformed text apart', () => {
    expect(parseBoundedJson(nested(20_000))).toEqual({ ok: false, reason: 'too_deep' });
    expect(parseBoundedJson('{"a":')).toEqual({ ok: false, reason: 'not_json' });
    expect(parseBoundedJson('{"a":[1,"]"]}')).toEqual({ ok: true, value: { a: [1, ']'] } });
  });
});
