/** Types for `xirr` 1.x (CommonJS, ships none): Newton-Raphson on the XNPV of dated amounts. */
declare module 'xirr' {
  interface XirrTransaction {
    amount: number;
    when: Date;
  }
  interface XirrOptions {
    guess?: number;
    tolerance?: number;
    epsilon?: number;
    maxIterations?: number;
  }
  function xirr(transactions: readonly XirrTransaction[], options?: XirrOptions): number;
  export = xirr;
}
