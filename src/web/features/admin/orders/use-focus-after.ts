import { useEffect, useMemo, useRef } from 'react';

export interface FocusAfter {
  /** As an action starts: where the keyboard goes if the action's button goes away with its outcome. */
  arm: (target: () => HTMLElement | null) => void;
  /** The action failed: nothing changes, nothing moves. */
  disarm: () => void;
}

/**
 * Keeps the keyboard on the order page when an owner action's button goes away with what it changed (a cancelled
 * order has no Cancel button, a delivered parcel no scan buttons): once `shown` (what the section shows of the
 * order) changes after `arm`, and focus was lost with the button, the armed target gets it. Focus that is still on
 * something, such as a button that stays, is left where it is.
 */
export function useFocusAfter(shown: string): FocusAfter {
  const target = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    const pick = target.current;
    if (!pick) return;
    target.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    pick()?.focus();
  }, [shown]);
  return useMemo(
    () => ({
      arm: (next) => {
        target.current = next;
      },
      disarm: () => {
        target.current = null;
      },
    }),
    [],
  );
}
