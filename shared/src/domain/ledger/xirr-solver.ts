import xirr from 'xirr';

/**
 * The yearly rate r in (-100 %, +inf) at which dated amounts discount to zero (README, "Returns"):
 * sum(amount / (1 + r) ^ years) = 0, `years` counted from the first amount.
 *
 * Newton's method (the `xirr` package) is fast and keeps the familiar root when there are several,
 * but it wanders off when the rate is near -100 % (the curve is steep there), so it is tried from
 * several starting points and its answer is kept only if it really is a root. Otherwise the rate
 * is searched on u = ln(1 + r): the whole open interval maps onto the real line, so a scan of u
 * finds a change of sign wherever one exists at a resolution of 2 % of (1 + r),
 * and bisection then narrows it to the last bit. "No solution" (null) means no change of sign:
 * all amounts one way, or flows whose value never crosses zero at any rate.
 */
export interface DatedFlow {
  amount: number;
  when: Date;
}

const MS_PER_YEAR = 365 * 86_400_000;
/** Starting points for Newton's method, from the package's own first guess to deep losses. */
const NEWTON_GUESSES = [undefined, 0.1, -0.5, -0.9, -0.99, -0.999, 1, 10];
const NEWTON_ITERATIONS = 1_000;
/** Scan of u = ln(1 + r): dense where returns live, then wide enough for any representable rate. */
const DENSE_LIMIT = 40;
const DENSE_STEP = 0.02;
const WIDE_LIMIT = 700;
const WIDE_STEP = 1;
/** A Newton answer counts as a root when its net value is this small next to the amounts' size. */
const ROOT_RESIDUAL = 1e-7;

interface YearFlow {
  amount: number;
  years: number;
}

function yearFlows(flows: readonly DatedFlow[]): YearFlow[] {
  const first = Math.min(...flows.map((flow) => flow.when.getTime()));
  // Whole days, as the package counts them.
  return flows.map((flow) => ({
    amount: flow.amount,
    years: Math.round((flow.when.getTime() - first) / 86_400_000) / (MS_PER_YEAR / 86_400_000),
  }));
}

/**
 * The net value at u = ln(1 + r), scaled by a positive factor so that it neither overflows nor
 * underflows: only its sign and its zero matter. Term i is amount * exp(-u * years_i).
 */
function scaledNetValue(flows: readonly YearFlow[], u: number): number {
  let largest = -Infinity;
  for (const flow of flows) largest = Math.max(largest, -u * flow.years);
  let total = 0;
  for (const flow of flows) total += flow.amount * Math.exp(-u * flow.years - largest);
  return total;
}

function netValue(flows: readonly YearFlow[], rate: number): number {
  return flows.reduce((total, flow) => total + flow.amount / (1 + rate) ** flow.years, 0);
}

function newtonRoot(flows: readonly DatedFlow[], years: readonly YearFlow[]): number | null {
  const size = years.reduce((total, flow) => total + Math.abs(flow.amount), 0);
  for (const guess of NEWTON_GUESSES) {
    try {
      const rate = xirr(flows, { guess, maxIterations: NEWTON_ITERATIONS });
      if (Number.isFinite(rate) && rate > -1 && Math.abs(netValue(years, rate)) <= ROOT_RESIDUAL * size) {
        return rate;
      }
    } catch {
      // Newton's method failed from this guess: try the next one, then the scan.
    }
  }
  return null;
}

/** Bisection between u values whose scaled net values have opposite signs, to the last bit. */
function bisect(flows: readonly YearFlow[], low: number, high: number): number {
  const lowSign = Math.sign(scaledNetValue(flows, low));
  let [left, right] = [low, high];
  for (let step = 0; step < 200 && right - left > 0; step += 1) {
    const middle = (left + right) / 2;
    if (middle === left || middle === right) break;
    const sign = Math.sign(scaledNetValue(flows, middle));
    if (sign === 0) return middle;
    if (sign === lowSign) left = middle;
    else right = middle;
  }
  return (left + right) / 2;
}

/** Scan points: the dense band around 0 first (nearest root to "no growth"), then the wide band. */
function scanPoints(): number[][] {
  const dense: number[] = [];
  for (let u = -DENSE_LIMIT; u <= DENSE_LIMIT + 1e-9; u += DENSE_STEP) dense.push(u);
  const below: number[] = [];
  for (let u = -WIDE_LIMIT; u <= -DENSE_LIMIT; u += WIDE_STEP) below.push(u);
  const above: number[] = [];
  for (let u = DENSE_LIMIT; u <= WIDE_LIMIT; u += WIDE_STEP) above.push(u);
  return [dense, below, above];
}

function scannedRoot(years: readonly YearFlow[]): number | null {
  for (const points of scanPoints()) {
    let previous = points[0]!;
    let previousSign = Math.sign(scaledNetValue(years, previous));
    if (previousSign === 0) return Math.expm1(previous);
    for (const u of points.slice(1)) {
      const sign = Math.sign(scaledNetValue(years, u));
      if (sign === 0) return Math.expm1(u);
      if (sign !== previousSign) return Math.expm1(bisect(years, previous, u));
      [previous, previousSign] = [u, sign];
    }
  }
  return null;
}

/** The rate per year, or null when no rate in (-100 %, +inf) discounts the amounts to zero. */
export function solveXirr(flows: readonly DatedFlow[]): number | null {
  if (flows.length < 2) return null;
  const years = yearFlows(flows);
  if (years.every((flow) => flow.years === 0) || !flows.some((flow) => flow.amount < 0)) return null;
  // Everything lost (nothing came back, the end value is zero): -100 %, the limit, as the package says.
  if (!flows.some((flow) => flow.amount > 0)) return flows.some((flow) => flow.amount === 0) ? -1 : null;
  return newtonRoot(flows, years) ?? scannedRoot(years);
}
