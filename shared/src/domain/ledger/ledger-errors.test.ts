import { describe, expect, it } from 'vitest';
import { resources } from '../../i18n';
import { LEDGER_ERROR_CODES, LEDGER_ERROR_PARAMS } from './ledger-errors';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

describe('ledger error texts', () => {
  it.each(['en', 'fr', 'es'] as const)(
    'exist in %s for every code and use only the parameters it always carries',
    (language) => {
      const texts: Record<string, string> = resources[language].portfolio.ledger.errors;
      const problems: string[] = [];
      for (const code of LEDGER_ERROR_CODES) {
        const text = texts[code];
        if (text === undefined) {
          problems.push(`${code}: no text`);
          continue;
        }
        const carried: readonly string[] = LEDGER_ERROR_PARAMS[code];
        for (const [, name] of text.matchAll(PLACEHOLDER)) {
          if (name && !carried.includes(name)) problems.push(`${code}: {{${name}}} is not always given`);
        }
      }

      expect(problems).toEqual([]);
    },
  );

  it('has no text for a code that does not exist', () => {
    expect(Object.keys(resources.en.portfolio.ledger.errors).sort()).toEqual([...LEDGER_ERROR_CODES].sort());
  });
});
