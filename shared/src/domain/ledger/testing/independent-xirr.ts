import { daysBetween, type IsoDate } from '../calendar';

/**
 * A second XIRR, written independently of the `xirr` package the ledger uses, for the tests to
 * check it against: bisection (not Newton's method) on the net present value discounted to the
 * first flow's date (the package compounds to the last date instead). Both solve
 * sum(amount / (1 + r) ^ (days from first / 365)) = 0, so they must agree to the tolerance.
 */
export interface DatedAmount {
  amount: number;
  date: IsoDate;
}

export function xirrByBisection(flows: readonly DatedAmount[], tolerance = 1e-10): number {
  const first = flows.reduce(
    (earliest, flow) => (flow.date < earliest ? flow.date : earliest),
    flows[0]!.date,
  );
  const netPresentValue = (rate: number): number =>
    flows.reduce(
      (total, flow) => total + flow.amount / (1 + rate) ** (daysBetween(first, flow.date) / 365),
      0,
    );
  let low = -0.9999;
  let high = 100;
  const lowSign = Math.sign(netPresentValue(low));
  if (lowSign === Math.sign(netPresentValue(high))) throw new Error('no sign change: no rate in range');
  while (high - low > tolerance) {
    const middle = (low + high) / 2;
    if (Math.sign(netPresentValue(middle)) === lowSign) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
