/** The year the site was built (vite.config.ts `define`): the year prerendered pages carry. */
declare const __BUILD_YEAR__: number;
