import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums';
import { resources } from '../../i18n';
import { GLOSSARY_TERMS, glossaryAnchor, isGlossaryTerm } from './score-glossary';

describe('score glossary', () => {
  it.each(LANGUAGES)('every term has a label, a unit and a meaning in %s', (language) => {
    const terms: Record<string, { label: string; unit: string; meaning: string }> =
      resources[language].glossary.terms;
    for (const term of GLOSSARY_TERMS) {
      expect(terms[term]?.label, `${language} ${term}`).toMatch(/\S/);
      expect(terms[term]?.unit, `${language} ${term}`).toMatch(/\S/);
      expect(terms[term]?.meaning, `${language} ${term}`).toMatch(/\S/);
      // A label is words, never the engine's name for the figure.
      expect(terms[term]?.label).not.toContain('_');
    }
  });

  it('the resources hold no term the glossary does not list', () => {
    expect(Object.keys(resources.en.glossary.terms).sort()).toEqual([...GLOSSARY_TERMS].sort());
  });

  it('recognises its terms only', () => {
    expect(isGlossaryTerm('profit_margin_pct')).toBe(true);
    expect(isGlossaryTerm('toString')).toBe(false);
    expect(glossaryAnchor('profit_margin_pct')).toBe('glossary-profit-margin-pct');
  });
});
