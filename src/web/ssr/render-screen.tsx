// The web app's server entry: the crawlable pages' HTML is the app itself, rendered at the page's route with the
// product list it would have fetched, so the browser hydrates what it was sent (no second look of the page).
// Built by `npm run build` into dist/ssr; the server loads it on the first page asked for (src/server/seo).
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import type { RenderScreen } from '../../domain/screen-render';
import { App, createQueryClient } from '../app/app';
import { PRODUCTS_KEY } from '../lib/query-keys';
import { uniqueByName } from '../features/products/products-api';
import { PUBLIC_BUSINESS_KEY } from '../lib/public-business';
import { SHOP_CONFIG_KEY } from '../lib/shop-config';
import { PUBLIC_SHOP_PROFILE_KEY } from '../lib/shop-profile';
import { PUBLIC_POLICIES_KEY } from '../features/policies/policies-api';
import { reviewsKey } from '../features/reviews/reviews-api';

/**
 * The HTML of `element` once every lazy screen in it has loaded: written out only when all is ready, and as one
 * piece, React puts each part in place, with no inline script to reveal it later (the page's CSP allows none).
 *
 * React's edge build, not its Node build: on Node 20 the Node build runs every render inside an AsyncLocalStorage,
 * and the first render switches on async hooks for the whole process for good, so every promise of every later
 * request (cached API answers included) pays for them. The edge build keeps no request storage where the runtime
 * has no global AsyncLocalStorage, and gives the same HTML.
 */
async function renderWhole(element: ReactNode): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(element, {
    // Above this size a finished part would still be sent apart, with an inline script to move it into place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // Any part that fails fails the whole: the server then sends the page empty and the browser draws it, rather
    // than hydrating a half-rendered screen.
    onError: (error) => {
      failure ??= error;
    },
  });
  await stream.allReady;
  if (failure !== undefined) {
    await stream.cancel();
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return new Response(stream).text();
}

/** One screen of the app at `route`, with the product list, shop config, business details (and policies) it would have fetched. */
export const renderScreen: RenderScreen = async ({ route, products, shopConfig, business, shopProfile, policies, reviews }) => {
  const client = createQueryClient();
  client.setQueryData(PRODUCTS_KEY, uniqueByName(products));
  client.setQueryData(SHOP_CONFIG_KEY, shopConfig);
  if (business) client.setQueryData(PUBLIC_BUSINESS_KEY, business);
  if (shopProfile) client.setQueryData(PUBLIC_SHOP_PROFILE_KEY, shopProfile);
  if (policies) client.setQueryData(PUBLIC_POLICIES_KEY, policies);
  if (reviews) client.setQueryData(reviewsKey(reviews.productId, 1, null), reviews.page);
  try {
    return await renderWhole(
      <StrictMode>
        <App client={client} location={route} />
      </StrictMode>,
    );
  } finally {
    client.clear();
  }
};
