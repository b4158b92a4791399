/**
 * The limit of the one recommendations request of the signed-in area: the recommendations screen, the
 * sidebar's new-picks badge and the dashboard's top picks all ask with it, so they read one cached answer
 * (docs/product.md "Screens", dashboard: one request for the recommendations, never two).
 */
export const RECOMMENDATIONS_LIST_LIMIT = 100;
