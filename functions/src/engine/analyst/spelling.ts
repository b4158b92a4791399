/*
 * Misspelt keywords in a question to the analyst (docs/product.md "The analyst"): "riksy", "retrun",
 * "rendemnt", "tendensia". A word of five letters or more that is not a keyword, one typing slip
 * (a letter added, left out, changed, or two swapped) from exactly one keyword, is read as it. Only
 * the intents' own keywords are corrected to, so a question about something else stays unmatched.
 */

/** The keywords of the intents (intents.ts), lower case without accents, one word each. */
const KEYWORDS: readonly string[] = [
  // en
  'risky riskiest risk volatile volatility dangerous drawdown momentum trend trending return',
  'returns performance explain reason grade rating score fundamentals revenue earnings',
  'profit profitable margin income financials allocation concentrated concentration',
  'diversified breakdown exposure',
  // fr
  'risque risquee dangereuse dangereux volatilite dynamique tendance rendement pourquoi',
  'explique expliquer raison fondamentaux benefice rentable rentabilite repartition reparti',
  'diversifie concentre exposition',
  // es
  'riesgo arriesgado arriesgada peligroso peligrosa volatilidad impulso tendencia',
  'rendimiento explica razon calificacion puntuacion fundamentales ingresos ventas beneficio',
  'rentabilidad distribucion repartido diversificada diversificado exposicion',
]
  .join(' ')
  .split(' ');

const KNOWN = new Set(KEYWORDS);

/** Whether `a` and `b` are one slip apart: one letter added, left out or changed, or two adjacent swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  const restA = a.slice(start);
  const restB = b.slice(start);
  if (restA.slice(1) === restB.slice(1)) return true; // changed
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true; // added or left out
  return (
    restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)
  );
}

/** The question (already lower case, without accents) with each misspelt keyword written right. */
export function correctSpelling(question: string): string {
  return question.replace(/\p{L}{5,}/gu, (word) => {
    if (KNOWN.has(word)) return word;
    const near = KEYWORDS.filter((keyword) => oneSlipApart(word, keyword));
    return near.length === 1 ? (near[0] as string) : word;
  });
}
