// The document around a crawlable page's screen: the built app's index.html (its script and styles, so the app
// boots on the page), with the page's own head and the screen's HTML in the root element.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SCREEN_ROUTE_ATTRIBUTE } from '../../domain/screen-render';
import { escapeHtml } from './html';

export interface PageParts {
  /** Tags for <head>: title, description, canonical, cards, JSON-LD. */
  head: string;
  /** The screen's route for the app to hydrate on, or null for a page the app does not take over. */
  route: string | null;
  /** The screen's HTML (empty when it could not be rendered: the app then draws it in the browser). */
  body: string;
}

export type PageTemplate = (parts: PageParts) => string;

const HEAD_MARK = '<!--page-head-->';
const ROOT = '<div id="root"></div>';

// Used when the web app is not built (the API alone, tests): the same head and content, no app to boot.
const BARE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title></title>
  </head>
  <body>
    ${ROOT}
  </body>
</html>
`;

/** Splits index.html once: the page's head replaces its title and description, the screen fills its root. */
export function pageTemplate(indexHtml: string): PageTemplate {
  const marked = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, HEAD_MARK)
    .replace(/\s*<meta name="description"[^>]*>/, '');
  const headAt = marked.indexOf(HEAD_MARK);
  const rootAt = marked.indexOf(ROOT);
  if (headAt < 0 || rootAt < headAt) throw new Error(`index.html needs a <title> and then ${ROOT} to hold a crawlable page`);
  const start = marked.slice(0, headAt);
  const middle = marked.slice(headAt + HEAD_MARK.length, rootAt);
  const end = marked.slice(rootAt + ROOT.length);
  return ({ head, route, body }) => {
    const attribute = route ? ` ${SCREEN_ROUTE_ATTRIBUTE}="${escapeHtml(route)}"` : '';
    return `${start}${head}${middle}<div id="root"${attribute}>${body}</div>${end}`;
  };
}

export async function loadPageTemplate(webDir: string | null): Promise<PageTemplate> {
  const index = webDir ? path.join(webDir, 'index.html') : null;
  return pageTemplate(index && existsSync(index) ? await readFile(index, 'utf8') : BARE_INDEX);
}

/**
 * React writes a <link rel="preload"> for the screen's first picture ahead of the markup; it belongs in the head,
 * where the browser sees it first, and out of the root the app hydrates.
 */
export function splitHoisted(markup: string): { hoisted: string; body: string } {
  const leading = /^(?:<link\b[^>]*>)+/.exec(markup)?.[0] ?? '';
  return { hoisted: leading, body: markup.slice(leading.length) };
}
