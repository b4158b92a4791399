import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { PublicNav } from './public-nav';

export function PublicLayout() {
  return (
    <>
      <PublicNav />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
