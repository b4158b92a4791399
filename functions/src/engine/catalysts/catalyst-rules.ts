import type { CatalystType } from '@app/shared/domain/enums';

/*
 * The classifier's rules as data (classify-catalyst.ts applies them; README.md "Classification"
 * explains the weights): keyword rules per catalyst type, and the SEC 8-K item codes.
 */

export interface KeywordRule {
  pattern: RegExp;
  weight: number;
  /** Shown as the matched keyword. */
  label: string;
}

function rule(source: string, weight: number, label = source.replace(/\\b|[()?|\\]/g, '')): KeywordRule {
  return { pattern: new RegExp(`\\b(?:${source})\\b`, 'i'), weight, label };
}

export const KEYWORD_RULES: Readonly<Record<CatalystType, readonly KeywordRule[]>> = {
  earnings: [
    rule('earnings', 3),
    rule('eps', 3, 'EPS'),
    rule('net income', 3),
    rule('per share', 2),
    rule('(?:first|second|third|fourth|holiday|june|september|december|march)-quarter', 2, 'quarter'),
    rule('quarterly', 2),
    rule('quarter', 1.5),
    rule('q[1-4]', 2, 'Q1-Q4'),
    rule('profits?', 2, 'profit'),
    rule('revenues?', 1.5, 'revenue'),
    rule('results', 1.5),
    rule('guidance', 2.5),
    rule('outlook', 2),
    rule('forecasts?', 1.5, 'forecast'),
    rule('estimates', 1.5),
    rule('consensus', 1.5),
    rule('margins?', 1.5, 'margin'),
    rule('fiscal', 1),
    rule('sales', 1),
    rule('losses|loss', 1, 'loss'),
  ],
  fda_approval: [
    rule('fda', 6, 'FDA'),
    rule('food and drug administration', 6),
    rule('new drug application', 5),
    rule('complete response letter', 5),
    rule('pdufa', 5, 'PDUFA'),
    rule('breakthrough therapy', 4),
    rule('advisory (?:committee|panel)', 2, 'advisory committee'),
    rule('phase (?:1|2|3|i|ii|iii)', 3, 'phase trial'),
    rule('clinical', 2),
    rule('drugs?', 2, 'drug'),
    rule('therapy|therapies', 2, 'therapy'),
    rule('treatments?', 1.5, 'treatment'),
    rule('pills?', 2, 'pill'),
    rule('vaccines?', 2, 'vaccine'),
    rule('medical device', 2),
    rule('biologics?', 2, 'biologic'),
    rule('patients', 1),
    rule('clearance', 1.5),
  ],
  contract_win: [
    rule('contracts?', 4, 'contract'),
    rule('awarded|awards?', 3, 'award'),
    rule('tenders?', 3, 'tender'),
    rule('supply agreement', 4),
    rule('follow-on order', 4),
    rule('orders? (?:for|worth)', 3, 'order'),
    rule('procurement', 3),
    rule('selected|selects', 2, 'selected'),
    rule('pentagon', 2),
    rule('navy|air force|army|defense department', 1.5, 'military customer'),
    rule('government', 1),
    rule('bids?', 1, 'bid'),
  ],
  ipo: [
    rule('ipos?', 6, 'IPO'),
    rule('initial public offering', 6),
    rule('go(?:es|ing)? public', 5, 'go public'),
    rule('direct listing', 5),
    rule('market debut|trading debut|stock market debut', 5, 'market debut'),
    rule('newly listed', 4),
    rule('draft registration|s-1 filing', 4, 'registration statement'),
    rule('offer price', 4),
    rule('lists shares|listing', 3, 'listing'),
    rule('debut', 2),
    rule('price range', 2),
    rule('underwriters?', 2, 'underwriter'),
    rule('spin-off|spinoff', 2, 'spin-off'),
  ],
  merger: [
    rule('mergers?|merge[sd]?', 5, 'merger'),
    rule('takeover', 5),
    rule('acquisitions?', 4, 'acquisition'),
    rule('acquires|acquire|acquired', 4, 'acquire'),
    rule('buyout', 4),
    rule('tender offer', 4),
    rule('take[sn]? (?:\\w+ ){0,3}private|go private', 4, 'take private'),
    rule('to buy', 3),
    rule('all-stock|all-cash|stock deal|cash deal', 3, 'deal terms'),
    rule('sale of', 2),
    rule('offer for|bid for', 2, 'offer for'),
    rule('buys?', 1.5, 'buy'),
    rule('deals?', 1.5, 'deal'),
    rule('antitrust', 1),
  ],
  partnership: [
    rule('partnerships?', 5, 'partnership'),
    rule('joint venture', 5),
    rule('partners?|partnered|partnering', 4, 'partner'),
    rule('team(?:s|ed)? up', 4, 'team up'),
    rule('alliance', 4),
    rule('collaborat(?:e|es|ed|ion|ing)', 4, 'collaboration'),
    rule('tie-up', 4),
    rule('cross-licensing|licensing agreement', 4, 'licensing'),
    rule('co-branding', 4),
    rule('licensing', 2),
    rule('agreement', 1.5),
    rule('jointly', 2),
  ],
  product_launch: [
    rule('launch(?:es|ed|ing)?', 4, 'launch'),
    rule('unveil(?:s|ed|ing)?', 4, 'unveil'),
    rule('introduc(?:e|es|ed|ing)', 3, 'introduce'),
    rule('roll(?:s|ed)? out|rollout', 3, 'rollout'),
    rule('debuts', 3),
    rule('pre-orders?|preorders?', 3, 'pre-order'),
    rule('releases?|released', 2, 'release'),
    rule('previews?', 2, 'preview'),
    rule('deliveries', 2),
    rule('next-generation', 2),
    rule('new (?:\\w+ )?(?:product|model|version|device|phone|line|title|tablet)s?', 2, 'new product'),
    rule('ships?|shipping', 1.5, 'ships'),
    rule(
      '(?:smart)?phones?|smartwatch(?:es)?|tablets?|laptops?|speakers?|consoles?|headphones',
      1.5,
      'device',
    ),
  ],
  executive_change: [
    rule('chief executive', 4),
    rule('chief (?:financial|operating|technology|marketing) officer', 4, 'chief officer'),
    rule('ceo', 3, 'CEO'),
    rule('cfo|coo', 3, 'CFO/COO'),
    rule('steps? down|stepping down', 5, 'steps down'),
    rule('resign(?:s|ed|ation)?', 5, 'resigns'),
    rule('appoint(?:s|ed|ment)?', 4, 'appoints'),
    rule('ousted|ousts', 4, 'ousted'),
    rule('medical leave|leave of absence', 4, 'leave of absence'),
    rule('successor|succeeds?|succession', 3, 'succession'),
    rule('retire(?:s|ment)?', 3, 'retires'),
    rule('fire[sd]', 3, 'fired'),
    rule('promotes|promoted', 3, 'promotes'),
    rule('names', 1.5),
    rule('hires?|hired', 2, 'hires'),
    rule('chairman|chairwoman|chair', 2, 'chair'),
    rule('interim', 2),
    rule('board', 1.5),
    rule('elects?', 2, 'elects'),
    rule('executives?', 1.5, 'executive'),
    rule('management', 1),
  ],
  regulatory: [
    rule('regulators?|regulatory', 4, 'regulator'),
    rule('sec', 3, 'SEC'),
    rule('justice department|department of justice|doj', 4, 'Justice Department'),
    rule('european commission', 3),
    rule('antitrust', 4),
    rule('fine[sd]?', 4, 'fine'),
    rule('lawsuits?|sues|sued', 4, 'lawsuit'),
    rule('probe|investigation', 3, 'investigation'),
    rule('court|judge', 3, 'court'),
    rule('charges|charged', 3, 'charges'),
    rule('settles?|settlement', 3, 'settlement'),
    rule('recalls?|recalled', 4, 'recall'),
    rule('ban(?:s|ned)?', 3, 'ban'),
    rule('ruling|rules in|ruled', 3, 'ruling'),
    rule('rules', 2),
    rule('laws?|legislation|bill', 2, 'law'),
    rule('sanctions?', 3, 'sanction'),
    rule('permit', 3),
    rule('inspections?', 3, 'inspection'),
    rule('compliance', 2),
    rule('tax(?:es)?|back taxes', 2, 'tax'),
    rule('credit rating', 3),
    rule('patent', 2),
    rule('hearing', 2),
    rule('congress|senate|lawmakers', 2, 'lawmakers'),
    rule('central bank', 2),
    rule('summons', 3),
    rule('(?:anti-)?money-laundering', 3, 'money laundering'),
    rule('eu', 1.5, 'EU'),
    rule('illegal', 2),
  ],
  general_news: [
    rule('analysts?', 2, 'analyst'),
    rule('upgrades?|downgrades?|upgraded|downgraded', 2, 'rating change'),
    rule('to (?:buy|sell|hold|neutral|outperform|underperform|overweight|underweight)', 2, 'analyst rating'),
    rule('price target', 3),
    rule('buybacks?|share repurchase', 3, 'buyback'),
    rule('dividend', 2),
    rule('stocks|markets|dow|nasdaq|s&p 500|index', 2, 'market move'),
    rule('plunges?|tumbles?|surges?|rall(?:y|ies)|sell-?off|soars?', 1, 'price move'),
    rule('fed|federal reserve', 2, 'Fed'),
    rule('rates?', 1, 'rates'),
    rule('record high', 1),
  ],
};

/** SEC Form 8-K item codes and the catalyst each one signals (README.md "Classification" has the table). */
export const EDGAR_ITEM_TYPES: Readonly<Record<string, CatalystType>> = {
  '1.01': 'contract_win', // Entry into a material definitive agreement
  '1.02': 'contract_win', // Termination of a material definitive agreement
  '1.03': 'regulatory', // Bankruptcy or receivership
  '1.05': 'general_news', // Material cybersecurity incidents
  '2.01': 'merger', // Completion of acquisition or disposition of assets
  '2.02': 'earnings', // Results of operations and financial condition
  '2.05': 'general_news', // Costs associated with exit or disposal activities
  '2.06': 'earnings', // Material impairments
  '3.01': 'regulatory', // Notice of delisting or failure to satisfy a listing rule
  '4.01': 'regulatory', // Changes in registrant's certifying accountant
  '4.02': 'regulatory', // Non-reliance on previously issued financial statements
  '5.01': 'merger', // Changes in control of registrant
  '5.02': 'executive_change', // Departure/election of directors or officers
  '7.01': 'general_news', // Regulation FD disclosure
  '8.01': 'general_news', // Other events
};
