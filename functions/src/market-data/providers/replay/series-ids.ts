/** Ids of the replay's daily series (engine/README.md "Data sources"); also the symbols they are served under. */
export const SP500_DAILY_ID = '^GSPC';
export const AAPL_DAILY_ID = 'AAPL';
export const AAPL_2007_CLOSE_ID = 'AAPL-2007';
export const BTC_DAILY_ID = 'BTC-USD';
export const FACEBOOK_DAILY_ID = 'FB';
