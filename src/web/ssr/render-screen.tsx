// The web app's server entry: the crawlable pages' HTML is the app itself, rendered at the page's route with the
// product list it would have fetched, so the browser hydrates what it was sent (no second look of the page).
// Built by `npm run build` into dist/ssr; the server loads it on the first page asked for (src/server/seo).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { RenderScreen } from '../../domain/screen-render';
import { App, createQueryClient } from '../app/app';
import { PRODUCTS_KEY } from '../lib/query-keys';
import { uniqueByName } from '../features/products/products-api';

/** Waits for every lazy screen to load, so the HTML holds the whole screen, not its spinner. */
export const renderScreen: RenderScreen = async ({ route, products }) => {
  const client = createQueryClient();
  client.setQueryData(PRODUCTS_KEY, uniqueByName(products));
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App client={client} location={route} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  client.clear();
  return Buffer.concat(chunks).toString('utf8');
};
