/**
 * The name of the Amplify UI theme (./theme), on its own: ThemeScope renders it on every page, and
 * importing the whole definition would pull Amplify's theme code into a site's entry.
 */
export const APP_THEME_NAME = 'nugget';
