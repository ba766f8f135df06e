import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { policyOfRoute } from '../../domain/policies';
import { policiesQuery } from '../features/policies/policies-api';
import { productsQuery } from '../features/products/products-api';
import type { ShopProfile } from '../../domain/schemas/shop-profile';
import { PUBLIC_SHOP_PROFILE_KEY } from '../lib/shop-profile';
import { BUSINESS_DATA_ID, REVIEWS_DATA_ID, SHOP_PROFILE_DATA_ID, type ScreenRenderInput } from '../../domain/screen-render';
import { reviewsKey } from '../features/reviews/reviews-api';
import type { Business } from '../../domain/schemas/business';
import { PUBLIC_BUSINESS_KEY } from '../lib/public-business';
import { shopConfigQuery } from '../lib/shop-config';
import { App, queryClient } from './app';
import { landingRoute, sameRoute } from './landing-address';

/**
 * Starts the app in `root`. On a crawlable page the server sent the screen already rendered (ssr/render-screen.tsx):
 * the app takes the same route (in the address's fragment, as everywhere in the shop), reads the same product list
 * and shop config the server rendered from, and hydrates the markup instead of drawing it again.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const landing = landingRoute();
  if (landing && (window.location.hash === '' || window.location.hash === '#')) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}#${landing}`);
  }
  const onRenderedScreen = landing !== null && root.firstElementChild !== null && sameRoute(window.location.hash.slice(1), landing);
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
