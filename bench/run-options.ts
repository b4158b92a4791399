/** `npm run bench -- --quick`: 5 s load levels and 5 init runs, a smoke run whose figures are not for the report. */
export const QUICK = process.argv.includes('--quick');
export const LOAD_SECONDS = QUICK ? 5 : 30;
export const INIT_RUNS = QUICK ? 5 : 20;
