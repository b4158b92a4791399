/** The year the site was built (vite.config.ts `define`): the year prerendered pages carry. */
declare const __BUILD_YEAR__: number;

/**
 * A hash of the sources that decide the API answers' shape (vite.config.ts `define`): what the dashboard's
 * kept answers belong to.
 */
declare const __BUILD_ID__: string;
