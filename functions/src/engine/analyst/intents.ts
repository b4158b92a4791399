import type { Language } from '@app/shared/domain/enums';
import { ANALYST_INTENTS, type AnalystIntent } from '@app/shared/domain/entities/analyst';
import { correctSpelling } from './spelling';

/*
 * What a question to the analyst asks (docs/product.md "The analyst"): one intent of a closed list,
 * matched by word patterns in English, French and Spanish. The patterns are tried in a fixed order,
 * the most specific first ("what would change the grade" also says "grade", which alone asks why the
 * grade is what it is); a question nothing matches gets the list of what the analyst can answer.
 * Patterns are matched on the question lower-cased and without accents, so "qu'est-ce", "préférée"
 * and "Por qué" match "qu.est-ce", "preferee" and "por que". The patterns of every language are
 * tried whatever the caller's language (a French reader may ask in English). The committed question
 * set (question-set.json) scores them per language (intents.test.ts), and a set written apart from
 * them, typos included (held-out-questions.json), too.
 */

export { ANALYST_INTENTS, type AnalystIntent };

type Patterns = Readonly<Record<Language, RegExp>>;

const WHAT_WOULD_CHANGE: Patterns = {
  en: /\b(what would|what could|what (does|would) it take|what needs to|change (the|its|this) (grade|rating|score)|move (the|its) grade|(improve|raise|lift|upgrade|lower)\w* (the |its |this )?(grade|rating|score)|(grade|rating|score) be (improved|raised|lowered)|(reach|(move|go|get|climb) (up )?to) (an? )?[a-d][+-]?(\W|$)|(better|higher|next) (grade|rating|score)|downgrade)/,
  fr: /(qu.est-ce qui (ferait|pourrait)|que faudrait-il|que faut-il|changer (la|sa) note|(ameliorer|augmenter|baisser|modifier) (la|sa) note|faire (monter|baisser|bouger|passer) (la|sa) note|passer a [a-d]|note superieure|d.un cran)/,
  es: /(que (haria|podria) (cambiar|mover)|haria falta|que tendria que|(cambiar|mejorar|subir|bajar) (la|su) (nota|calificacion)|llegar a [a-d]|pasar a [a-d]|nota superior|un escalon)/,
};

const RISK: Patterns = {
  en: /\b(risk\w*|dangerous|volatil\w*|drawdown|safest|safe)\b/,
  fr: /(risque|risquee?s?|dangereu|volatil|perte maximale|repli)/,
  es: /(riesgo|arriesgad|peligros|volatil|caida maxima)/,
};

const RETURNS: Patterns = {
  en: /\b(returns?|how much (have|did) i (made|make|earn|earned|gain|gained|lose|lost)|(have|did) i (made|make|earn|gain|lose|lost)|my (gains?|performance|profits?|losses)|year to date|time.weighted|money.weighted)\b/,
  fr: /(rendement|combien (ai-je|j.ai) (gagne|perdu)|(mes|ma) (gains?|plus-values?|performance)|depuis le debut de l.annee)/,
  es: /(rendimiento|cuanto (he|hemos) (ganado|perdido)|mis (ganancias|perdidas)|en lo que va de ano)/,
};

const MOMENTUM: Patterns = {
  en: /\b(momentum|trend\w*|price (move\w*|change|action)|(gone|went|going) (up|down)|rall\w*|lately|recently|recent (performance|moves?)|(past|last) (few |\d+ |two |three )?(weeks?|months?))\b/,
  fr: /(momentum|dynamique|tendance|evolution du (cours|prix)|(cours|prix) a-t-il (monte|baisse)|a (monte|baisse)|recemment|derniere semaine|dernier mois)/,
  es: /(impulso|momentum|tendencia|evolucion del precio|ha (subido|bajado)|ultimamente|recientemente|ultima semana|ultimo mes)/,
};

const FUNDAMENTALS: Patterns = {
  en: /\b(fundamental\w*|revenue|sales|earnings|profit\w*|margins?|income|balance sheet|debt|cash flow|financials|annual report|eps)\b/,
  fr: /(fondamenta|chiffre d.affaires|benefice|resultat net|marge|dette|bilan|rapport annuel|flux de tresorerie|rentab)/,
  es: /(fundamental|ingresos|ventas|beneficio|gana dinero|margen|deuda|balance|informe anual|flujo de caja|rentabilidad)/,
};

const ALLOCATION: Patterns = {
  en: /\b(allocat\w*|concentrat\w*|diversif\w*|spread|split|breakdown|exposure|largest position|biggest position|composition|asset (mix|types?))\b/,
  fr: /(repartition|reparti|allocation|concentr|diversifi|exposition|plus (grosse|grande) (position|ligne)|composition|types d.actifs)/,
  es: /(distribucion|asignacion|concentra|diversific|exposicion|mayor posicion|posicion mas grande|composicion|repartido|reparto|tipos de activos)/,
};

const WHY_GRADE: Patterns = {
  en: /\b(why|explain\w*|reasons?|how come|what (drives|explains|is behind)|grade|rating|rated|graded|score)\b/,
  fr: /(pourquoi|expliqu|raison|comment se fait|d.ou vient|note|evaluation|score)/,
  es: /(por que|explica|razon|como es que|de donde (sale|viene)|nota|calificacion|puntuacion)/,
};

/** The order the intents are tried in: the most specific first. */
const ORDERED: readonly [AnalystIntent, Patterns][] = [
  ['what_would_change', WHAT_WOULD_CHANGE],
  ['risk', RISK],
  ['returns', RETURNS],
  ['momentum', MOMENTUM],
  ['fundamentals', FUNDAMENTALS],
  ['allocation', ALLOCATION],
  ['why_grade', WHY_GRADE],
];

const LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];

/** Lower case, accents removed, the typographic apostrophe made plain, spaces collapsed. */
export function normaliseQuestion(question: string): string {
  return question
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replaceAll('’', "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function firstIntent(text: string): AnalystIntent {
  for (const [intent, patterns] of ORDERED) {
    if (LANGUAGES.some((language) => patterns[language].test(text))) return intent;
  }
  return 'help';
}

/**
 * The question's intent: the first of the ordered intents whose pattern, in any language, matches;
 * when none does, the same with its misspelt keywords written right (spelling.ts).
 */
export function matchIntent(question: string): AnalystIntent {
  const text = normaliseQuestion(question);
  const intent = firstIntent(text);
  return intent === 'help' ? firstIntent(correctSpelling(text)) : intent;
}
