import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { PublicNav } from './public-nav';
import '@/components/public-page.css';
/*
 * The public pages other than home load on demand, but are prerendered (scripts/prerender.ts): their
 * stylesheets come with the layout, so a prerendered page paints styled before its script arrives.
 */
import '@/features/contact/components/contact.css';
import '@/features/marketing/components/about.css';
import '@/features/marketing/components/marketing.css';
import '@/features/pricing/components/pricing.css';
import { DocumentTitle } from './document-title';

export function PublicLayout() {
  return (
    <>
      <DocumentTitle />
      <PublicNav />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
