import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, pageTitle } from '../../domain/page-meta';

/**
 * Names the page in the tab and for screen readers after each hash navigation, and describes it for whoever reads
 * the meta description (a crawler that runs the app, a link preview); the crawlable pages say the same from the server.
 * `null` leaves both to a screen inside this one that names itself (an order in the dashboard).
 */
export function usePageTitle(title: string | null | undefined, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    if (title === null) return;
    document.title = pageTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
