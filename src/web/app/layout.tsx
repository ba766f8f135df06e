import { Outlet } from 'react-router';

export function Layout() {
  return (
    <>
      <header className="border-bottom bg-cream">
        <nav className="container py-2" aria-label="Main">
          <a href="#/" className="navbar-brand fw-bold text-amber">Ghee Shop</a>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
