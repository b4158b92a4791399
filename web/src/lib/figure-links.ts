/*
 * Where each figure of an analyst's answer is shown (docs/product.md "The analyst": every answer
 * names the figures it used, linked). A fact id's first segment says which sheet wrote it
 * (functions/src/engine/fact-sheet.ts, functions/src/engine/analyst/analyst-sheet.ts for the
 * counterfactuals, functions/src/portfolio/portfolio-fact-sheet.ts) and so which screen shows it.
 */

/** The sections the links open, each an element id on its screen. */
export const FIGURE_SECTIONS = {
  whyGrade: 'explained-why-grade',
  counterfactuals: 'explained-counterfactuals',
  attribution: 'portfolio-attribution',
  allocation: 'portfolio-allocation',
  holdings: 'portfolio-holdings',
  periodReturns: 'ledger-period-returns-title',
} as const;

type Section = (typeof FIGURE_SECTIONS)[keyof typeof FIGURE_SECTIONS];

/** An asset's explained score: the screener with the asset opened (docs/product.md "Screener"). */
const assetScreen = (symbol: string, section: Section) =>
  `/screener?${new URLSearchParams({ explain: symbol }).toString()}#${section}`;

/**
 * The asset sheet's prefixes. The grade, the composite and the factors are "why this grade"; the
 * risk measures and the momentum are the risk and momentum factors' figures in the same section.
 * No link, as no screen anyone can open shows them: volume.* and price.* (the volume and risk card
 * of a recommendation's detail, only for a symbol on the caller's list), fundamentals.* (the raw
 * annual reports) and catalyst.* (the contextual view lists catalysts, not per asset).
 */
const ASSET_SECTIONS: ReadonlyMap<string, Section | null> = new Map(
  Object.entries({
    score: FIGURE_SECTIONS.whyGrade,
    factor: FIGURE_SECTIONS.whyGrade,
    risk: FIGURE_SECTIONS.whyGrade,
    momentum: FIGURE_SECTIONS.whyGrade,
    counterfactual: FIGURE_SECTIONS.counterfactuals,
    volume: null,
    price: null,
    fundamentals: null,
    catalyst: null,
  }),
);

/**
 * The portfolio sheet's prefixes: the allocation card shows the totals and the types; each position
 * is a row of the holdings; the concentration is in the analysis the page's header opens (so the
 * page itself); the composite is the attribution's score; the returns per period are the ledger's
 * (/portfolio/transactions).
 */
const PORTFOLIO_LINKS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    portfolio: `/portfolio#${FIGURE_SECTIONS.allocation}`,
    allocation: `/portfolio#${FIGURE_SECTIONS.allocation}`,
    concentration: '/portfolio',
    position: `/portfolio#${FIGURE_SECTIONS.holdings}`,
    returns: `/portfolio/transactions#${FIGURE_SECTIONS.periodReturns}`,
  }),
);

/**
 * The screen showing a fact, as a path with its section's hash, or null when no screen shows it (or
 * an asset's fact comes without the asset's symbol). `symbol` is the asset the answer is about.
 */
export function figureLink(factId: string, symbol?: string): string | null {
  const prefix = factId.split('.', 1)[0] ?? '';
  if (factId === 'portfolio.composite') return `/portfolio#${FIGURE_SECTIONS.attribution}`;
  const portfolioLink = PORTFOLIO_LINKS.get(prefix);
  if (portfolioLink) return portfolioLink;
  const section = ASSET_SECTIONS.get(prefix);
  return section && symbol ? assetScreen(symbol, section) : null;
}
