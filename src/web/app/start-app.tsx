import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { APP_ROUTES, CRAWLABLE_ROUTES, NOT_FOUND_ROUTE, OLD_PRODUCT_ROUTE, pathOfHashRoute } from '../../domain/app-routes';
import { policyOfRoute } from '../../domain/policies';
import { policiesQuery } from '../features/policies/policies-api';
import { productsQuery } from '../features/products/products-api';
import type { ShopProfile } from '../../domain/schemas/shop-profile';
import { PUBLIC_SHOP_PROFILE_KEY } from '../lib/shop-profile';
import { BUSINESS_DATA_ID, REVIEWS_DATA_ID, SCREEN_ROUTE_ATTRIBUTE, SHOP_PROFILE_DATA_ID, type ScreenRenderInput } from '../../domain/screen-render';
import { reviewsKey } from '../features/reviews/reviews-api';
import type { Business } from '../../domain/schemas/business';
import { PUBLIC_BUSINESS_KEY } from '../lib/public-business';
import { shopConfigQuery } from '../lib/shop-config';
import { App, queryClient } from './app';

/** The screen the server rendered when the visit began on one of its pages (/products/…, a 404), or null. */
function landingRoute(root: HTMLElement): string | null {
  return root.getAttribute(SCREEN_ROUTE_ATTRIBUTE) || null;
}

function decoded(route: string): string {
  try {
    return decodeURIComponent(route);
  } catch {
    return route;
  }
}

const ROUTE_PATTERNS = ['/', ...Object.values(APP_ROUTES), ...Object.values(CRAWLABLE_ROUTES), OLD_PRODUCT_ROUTE];

/** True when `path` shows one of the app's screens rather than its not-found screen. */
function isAppPath(path: string): boolean {
  return ROUTE_PATTERNS.some((pattern) => matchPath(pattern, path) !== null);
}

/**
 * An address written for the old hash routes (`/#/resetpassword?email=…`, mailed before decision 072 or by the
 * original client's shop) is put at its path before the router reads it, so it opens the same screen. True when
 * the address was moved.
 */
function movePastHashRoute(): boolean {
  const path = pathOfHashRoute(window.location.hash, window.location.search);
  if (path !== null) window.history.replaceState(window.history.state, '', path);
  return path !== null;
}

/**
 * A `#/…` link followed inside the running app (a policy text the owner wrote before decision 072, say) changes
 * only the fragment: it is moved to its path too, and the router told, as it is of Back and Forward.
 */
function followOldLinks(): void {
  window.addEventListener('hashchange', () => {
    if (movePastHashRoute()) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
}

/**
 * Starts the app in `root`. On a crawlable page the server sent the screen already rendered (ssr/render-screen.tsx):
 * the app reads the same product list and shop config the server rendered from and hydrates the markup instead of
 * drawing it again. The "page not found" page is hydrated at any path the app does not know.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  movePastHashRoute();
  followOldLinks();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const landing = landingRoute(root);
  const here = window.location.pathname;
  const sameScreen = landing !== null && (decoded(here) === decoded(landing) || (landing === NOT_FOUND_ROUTE && !isAppPath(here)));
  const onRenderedScreen = sameScreen && root.firstElementChild !== null;
  if (onRenderedScreen) {
    try {
      // What the server rendered from; the browser may well have the list cached (ETag) already.
      await Promise.all([
        queryClient.fetchQuery(productsQuery),
        queryClient.fetchQuery(shopConfigQuery),
        // A policy page was rendered with the policies too (/policy/terms, /contact).
        landing && policyOfRoute(landing) ? queryClient.fetchQuery(policiesQuery) : null,
      ]);
      // The business details the page was rendered with, not a fresher copy: a lazy screen hydrates after the
      // footer has asked for them, and different text there would not match the server's markup.
      const business = document.getElementById(BUSINESS_DATA_ID)?.textContent;
      if (business) queryClient.setQueryData(PUBLIC_BUSINESS_KEY, JSON.parse(business) as Business);
      const profile = document.getElementById(SHOP_PROFILE_DATA_ID)?.textContent;
      if (profile) queryClient.setQueryData(PUBLIC_SHOP_PROFILE_KEY, JSON.parse(profile) as ShopProfile);
      // A product page's reviews, likewise as rendered.
      const reviews = document.getElementById(REVIEWS_DATA_ID)?.textContent;
      if (reviews) {
        const { productId, page } = JSON.parse(reviews) as NonNullable<ScreenRenderInput['reviews']>;
        queryClient.setQueryData(reviewsKey(productId, 1, null), page);
      }
      hydrateRoot(root, app);
      return;
    } catch {
      // No product list: the app draws its own screen, which says so.
    }
  }
  createRoot(root).render(app);
}
