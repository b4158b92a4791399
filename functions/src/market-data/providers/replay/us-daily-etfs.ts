/*
 * The 72 ETFs of the US daily history (README.md "The US market, 2007-2017"): each fund's name as
 * its sponsor writes it today (several were renamed since 2017: PowerShares became Invesco, Market
 * Vectors VanEck) and its category. The build refuses a fund of the source missing here, and a fund
 * here missing from the source (functions/scripts/build-us-daily.ts).
 */

export const ETF_CATEGORIES = [
  'equity_us',
  'equity_world',
  'bonds',
  'gold',
  'commodities',
  'real_estate',
  'sector',
] as const;
export type EtfCategory = (typeof ETF_CATEGORIES)[number];

export interface EtfListing {
  name: string;
  category: EtfCategory;
}

export const US_DAILY_ETFS: Readonly<Record<string, EtfListing>> = {
  ACWI: { name: 'iShares MSCI ACWI ETF', category: 'equity_world' },
  AGG: { name: 'iShares Core U.S. Aggregate Bond ETF', category: 'bonds' },
  BIL: { name: 'SPDR Bloomberg 1-3 Month T-Bill ETF', category: 'bonds' },
  BND: { name: 'Vanguard Total Bond Market ETF', category: 'bonds' },
  BNDX: { name: 'Vanguard Total International Bond ETF', category: 'bonds' },
  DBC: { name: 'Invesco DB Commodity Index Tracking Fund', category: 'commodities' },
  DIA: { name: 'SPDR Dow Jones Industrial Average ETF Trust', category: 'equity_us' },
  DVY: { name: 'iShares Select Dividend ETF', category: 'equity_us' },
  EEM: { name: 'iShares MSCI Emerging Markets ETF', category: 'equity_world' },
  EFA: { name: 'iShares MSCI EAFE ETF', category: 'equity_world' },
  EMB: { name: 'iShares J.P. Morgan USD Emerging Markets Bond ETF', category: 'bonds' },
  EWG: { name: 'iShares MSCI Germany ETF', category: 'equity_world' },
  EWJ: { name: 'iShares MSCI Japan ETF', category: 'equity_world' },
  EWU: { name: 'iShares MSCI United Kingdom ETF', category: 'equity_world' },
  EWZ: { name: 'iShares MSCI Brazil ETF', category: 'equity_world' },
  FXI: { name: 'iShares China Large-Cap ETF', category: 'equity_world' },
  GDX: { name: 'VanEck Gold Miners ETF', category: 'sector' },
  GLD: { name: 'SPDR Gold Shares', category: 'gold' },
  HYG: { name: 'iShares iBoxx $ High Yield Corporate Bond ETF', category: 'bonds' },
  IAU: { name: 'iShares Gold Trust', category: 'gold' },
  IEF: { name: 'iShares 7-10 Year Treasury Bond ETF', category: 'bonds' },
  IEMG: { name: 'iShares Core MSCI Emerging Markets ETF', category: 'equity_world' },
  IJH: { name: 'iShares Core S&P Mid-Cap ETF', category: 'equity_us' },
  IJR: { name: 'iShares Core S&P Small-Cap ETF', category: 'equity_us' },
  INDA: { name: 'iShares MSCI India ETF', category: 'equity_world' },
  ITOT: { name: 'iShares Core S&P Total U.S. Stock Market ETF', category: 'equity_us' },
  IVV: { name: 'iShares Core S&P 500 ETF', category: 'equity_us' },
  IWM: { name: 'iShares Russell 2000 ETF', category: 'equity_us' },
  KRE: { name: 'SPDR S&P Regional Banking ETF', category: 'sector' },
  LQD: { name: 'iShares iBoxx $ Investment Grade Corporate Bond ETF', category: 'bonds' },
  MBB: { name: 'iShares MBS ETF', category: 'bonds' },
  MDY: { name: 'SPDR S&P MidCap 400 ETF Trust', category: 'equity_us' },
  MUB: { name: 'iShares National Muni Bond ETF', category: 'bonds' },
  // Preferred shares pay a fixed dividend and trade on rates like bonds; the fund sits with income.
  PFF: { name: 'iShares Preferred and Income Securities ETF', category: 'bonds' },
  QQQ: { name: 'Invesco QQQ Trust', category: 'equity_us' },
  RSP: { name: 'Invesco S&P 500 Equal Weight ETF', category: 'equity_us' },
  SCHD: { name: 'Schwab U.S. Dividend Equity ETF', category: 'equity_us' },
  SDY: { name: 'SPDR S&P Dividend ETF', category: 'equity_us' },
  SHY: { name: 'iShares 1-3 Year Treasury Bond ETF', category: 'bonds' },
  SLV: { name: 'iShares Silver Trust', category: 'commodities' },
  // Until 2011-12-20 the ticker was the Semiconductor HOLDRS trust, which this fund replaced; the source joins both.
  SMH: { name: 'VanEck Semiconductor ETF', category: 'sector' },
  SPY: { name: 'SPDR S&P 500 ETF Trust', category: 'equity_us' },
  TIP: { name: 'iShares TIPS Bond ETF', category: 'bonds' },
  TLT: { name: 'iShares 20+ Year Treasury Bond ETF', category: 'bonds' },
  UNG: { name: 'United States Natural Gas Fund', category: 'commodities' },
  USO: { name: 'United States Oil Fund', category: 'commodities' },
  VB: { name: 'Vanguard Small-Cap ETF', category: 'equity_us' },
  VCIT: { name: 'Vanguard Intermediate-Term Corporate Bond ETF', category: 'bonds' },
  VCSH: { name: 'Vanguard Short-Term Corporate Bond ETF', category: 'bonds' },
  VEA: { name: 'Vanguard FTSE Developed Markets ETF', category: 'equity_world' },
  VGT: { name: 'Vanguard Information Technology ETF', category: 'sector' },
  VHT: { name: 'Vanguard Health Care ETF', category: 'sector' },
  VIG: { name: 'Vanguard Dividend Appreciation ETF', category: 'equity_us' },
  VNQ: { name: 'Vanguard Real Estate ETF', category: 'real_estate' },
  VO: { name: 'Vanguard Mid-Cap ETF', category: 'equity_us' },
  VOO: { name: 'Vanguard S&P 500 ETF', category: 'equity_us' },
  VTI: { name: 'Vanguard Total Stock Market ETF', category: 'equity_us' },
  VTV: { name: 'Vanguard Value ETF', category: 'equity_us' },
  VUG: { name: 'Vanguard Growth ETF', category: 'equity_us' },
  VWO: { name: 'Vanguard FTSE Emerging Markets ETF', category: 'equity_world' },
  VXUS: { name: 'Vanguard Total International Stock ETF', category: 'equity_world' },
  VYM: { name: 'Vanguard High Dividend Yield ETF', category: 'equity_us' },
  XBI: { name: 'SPDR S&P Biotech ETF', category: 'sector' },
  XLB: { name: 'Materials Select Sector SPDR Fund', category: 'sector' },
  XLE: { name: 'Energy Select Sector SPDR Fund', category: 'sector' },
  XLF: { name: 'Financial Select Sector SPDR Fund', category: 'sector' },
  XLI: { name: 'Industrial Select Sector SPDR Fund', category: 'sector' },
  XLK: { name: 'Technology Select Sector SPDR Fund', category: 'sector' },
  XLP: { name: 'Consumer Staples Select Sector SPDR Fund', category: 'sector' },
  XLU: { name: 'Utilities Select Sector SPDR Fund', category: 'sector' },
  XLV: { name: 'Health Care Select Sector SPDR Fund', category: 'sector' },
  XLY: { name: 'Consumer Discretionary Select Sector SPDR Fund', category: 'sector' },
};
