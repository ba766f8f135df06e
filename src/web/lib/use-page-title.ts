import { useEffect } from 'react';

const SHOP = 'Ghee Shop';

/** Names the page in the tab and for screen readers after each hash navigation. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SHOP}` : `${SHOP} · Homemade small-batch ghee`;
  }, [title]);
}
