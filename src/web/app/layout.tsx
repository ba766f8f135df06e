import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { APP_ROUTES } from '../../domain/app-routes';
import { TOASTS } from '../../domain/messages';
import { Spinner } from '../components/spinner';
import { dismissAddedToCartNotices } from '../features/cart/add-to-cart';
import { useProducts } from '../features/products/products-api';
import { useRolesRefresh } from '../features/session/use-roles-refresh';
import { ContactButton } from './shell/contact-button';
import { RouteErrorBoundary } from './shell/route-error-boundary';
import { useFocusHeadingOnNavigate } from './shell/route-focus';
import { useSessionExpiry } from './shell/session-expiry';
import { SiteFooter } from './shell/site-footer';
import { SiteNav } from './shell/site-nav';
import { TestModeBanner } from './shell/test-mode-banner';

/** Products load at app start (SPEC.md §4); a failure leaves an empty list and says so once. */
function useProductsAtStart() {
  const { isError } = useProducts();
  useEffect(() => {
    if (isError) toast.error(TOASTS.productsFailed, { toastId: 'products-failed' });
  }, [isError]);
}

/** A new screen starts at the top, as a page load would. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    // The page load's own screen is where the browser put it; scrolling there again would force a layout of the
    // page while it is still being hydrated (Lighthouse: forced reflow on the crawlable product page).
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Keeps --site-header-height on the root up to date: toasts open just below the sticky header, and whatever is
 * scrolled into view stops below it (theme.css). */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--site-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return header;
}

// No floating contact button: checkout's steps (their totals and buttons sit where it floats, and the customer is
// busy paying), and the owner's screens (the owner is the contact).
const NO_CONTACT_BUTTON = new Set<string>([APP_ROUTES.billing, APP_ROUTES.orderSummary, APP_ROUTES.admin, APP_ROUTES.studio]);

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === APP_ROUTES.cart) dismissAddedToCartNotices();
  }, [pathname]);
  useScrollToTopOnNavigate();
  useFocusHeadingOnNavigate();
  const header = useHeaderHeight();
  useSessionExpiry();
  useRolesRefresh();
  useProductsAtStart();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="skip-link" href="#main" onClick={(e) => {
        // Hash routing owns the URL fragment, so the skip link moves focus itself.
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>
        Skip to main content
      </a>
      <header ref={header} className="site-header sticky-top">
        <TestModeBanner />
        <SiteNav />
      </header>
      <main id="main" tabIndex={-1} className="flex-grow-1">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      {NO_CONTACT_BUTTON.has(pathname) ? null : <ContactButton />}
    </div>
  );
}
