import { useEffect } from 'react';

/** Settings' forms the dashboard's reminders send the owner to. */
export type SettingsSection = 'business' | 'profile';

/** A reminder's button was pressed: `request` counts the presses, `done` is called once the form has acted on it. */
export interface FocusRequest {
  request: number;
  done: () => void;
}

/** How long a field sent for is kept in view while the forms above it load and grow, unless the owner acts first. */
const SETTLE_MS = 3000;

/**
 * Focuses the field and centres it, a frame after the tab is shown. Settings' other forms load on their own, and the
 * ones above the field push it down as they arrive (the browser keeps its view on them, not on the field): while
 * the field keeps the keyboard, it is brought back, until the owner types, clicks or scrolls.
 */
function focusAndFollow(fieldId: string): void {
  requestAnimationFrame(() => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    const observer = new ResizeObserver(() => {
      if (document.activeElement === field) field.scrollIntoView({ block: 'center' });
      else stop();
    });
    const timer = window.setTimeout(stop, SETTLE_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, stop, true);
    }
    for (const event of events) window.addEventListener(event, stop, true);
    observer.observe(field.closest('[role="tabpanel"]') ?? document.body);
  });
}

/**
 * When a reminder sends the owner to this form ("Fill them in", "Open the shop profile"), the field to fill takes
 * the keyboard and comes into view, so the owner types at once rather than tabbing through the forms above it.
 * A request is acted on once: a form that mounts later with it (Settings opened for the first time) still acts,
 * and a later render does not move the keyboard again.
 */
export function useFocusRequest(focus: FocusRequest | null | undefined, fieldId: () => string): void {
  const request = focus?.request ?? null;
  useEffect(() => {
    if (request === null || !focus) return;
    focusAndFollow(fieldId());
    focus.done();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new request moves the keyboard
  }, [request]);
}
