/*
 * Just enough XML reading for the two fixed shapes we consume (EDGAR's Atom feed, RSS 2.0), with no
 * dependency: elements are found by tag name with regular expressions, CDATA sections are kept
 * verbatim and entities decoded. This is not a general XML parser (no nesting of the same tag, no
 * namespaces beyond literal prefixes); the recorded-document tests pin the shapes it must read.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

function escapeTag(tag: string): string {
  return tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Raw inner XML of every `<tag ...>...</tag>` (self-closing tags give ''). */
export function findElements(xml: string, tag: string): string[] {
  const name = escapeTag(tag);
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${name}\\s*>)`, 'gi');
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** Text of an element's inner XML: CDATA unwrapped, other entities decoded, whitespace collapsed. */
export function innerText(innerXml: string): string {
  let text = '';
  let rest = innerXml;
  for (;;) {
    const start = rest.indexOf('<![CDATA[');
    if (start < 0) {
      text += decodeEntities(rest);
      break;
    }
    text += decodeEntities(rest.slice(0, start));
    const end = rest.indexOf(']]>', start);
    text += end < 0 ? rest.slice(start + 9) : rest.slice(start + 9, end);
    rest = end < 0 ? '' : rest.slice(end + 3);
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** Text of the first `<tag>` in `xml`, or ''. */
export function firstText(xml: string, tag: string): string {
  const [first] = findElements(xml, tag);
  return first === undefined ? '' : innerText(first);
}

/** Value of an attribute on the first `<tag>` that has it, decoded, or ''. */
export function firstAttribute(
  xml: string,
  tag: string,
  attribute: string,
  where?: Record<string, string>,
): string {
  const pattern = new RegExp(`<${escapeTag(tag)}\\s([^>]*?)/?>`, 'gi');
  for (const match of xml.matchAll(pattern)) {
    const attributes = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)].map((pair) => [
        (pair[1] ?? '').toLowerCase(),
        decodeEntities(pair[3] ?? pair[4] ?? ''),
      ]),
    );
    if (where && !Object.entries(where).every(([key, value]) => attributes[key.toLowerCase()] === value))
      continue;
    const value = attributes[attribute.toLowerCase()];
    if (value !== undefined) return value;
  }
  return '';
}

/** Removes HTML tags from decoded text (RSS descriptions often carry markup). */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
