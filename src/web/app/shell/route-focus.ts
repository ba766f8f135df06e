import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to draw its heading (its code or data still loading) before focus is left be. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After a navigation in the app, focus moves to the new screen's main heading, as a page load would put a screen
 * reader at the top of the new page; otherwise focus stays on the link just used, on a screen that is gone.
 * Not on the first load (the browser starts there itself), and not when the new screen has put focus somewhere on
 * purpose (a form's first error, a field) before its heading shows.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return undefined;
    }
    const main = document.getElementById('main');
    if (!main) return undefined;
    // Focus the new screen put on purpose is inside it; focus left on the header's link, on the body or on an
    // element of the screen that is gone is not. (The screen's own effects run before this one, so what is focused
    // now may already be the screen's choice.)
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === main || !now.isConnected || !main.contains(now);
    };
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return undefined;
    // The screen is still loading (its code or its data): wait for its heading to be drawn.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
