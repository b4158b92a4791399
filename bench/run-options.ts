/** `npm run bench -- --quick`: 5 s load levels and 5 init runs, a smoke run whose figures are not for the report. */
export const QUICK = process.argv.includes('--quick');
export const LOAD_SECONDS = QUICK ? 5 : 30;
export const INIT_RUNS = QUICK ? 5 : 20;
/** Lighthouse audits of each page; the report shows the median and every run. */
export const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;

/** The pages section 5 audits: the public pages as a visitor, the dashboard signed in, the admin login. */
export function lighthousePages(webUrl: string, adminUrl: string) {
  return [
    { page: 'home', url: `${webUrl}/` },
    { page: 'pricing', url: `${webUrl}/pricing` },
    { page: 'dashboard (signed in)', url: `${webUrl}/dashboard`, signedIn: true },
    { page: 'admin login', url: `${adminUrl}/` },
  ];
}
