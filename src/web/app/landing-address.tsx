import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCREEN_ROUTE_ATTRIBUTE } from '../../domain/screen-render';

/** The screen the server rendered when the visit began on a crawlable page (/products/…), or null. */
export function landingRoute(): string | null {
  return document.getElementById('root')?.getAttribute(SCREEN_ROUTE_ATTRIBUTE) || null;
}

function decoded(route: string): string {
  try {
    return decodeURIComponent(route);
  } catch {
    return route;
  }
}

export function sameRoute(a: string, b: string): boolean {
  return decoded(a) === decoded(b);
}

/**
 * A visit that began on /products/cow-ghee keeps that address while the product is on screen, so the link a
 * shopper copies or shares is the crawlable one. Any other screen moves the address to `/#/…`, the shop's usual
 * hash routes: reloading it then loads the app, not the product page under another screen.
 */
export function LandingAddress() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const landing = landingRoute();
    if (!landing || window.location.pathname === '/' || sameRoute(pathname + search, landing)) return;
    window.history.replaceState(window.history.state, '', `/${window.location.search}${window.location.hash}`);
  }, [pathname, search]);
  return null;
}
