import { useEffect } from 'react';

/**
 * Takes the reader to a field to put right: focuses it, so a screen reader reads its label and message, and scrolls
 * to it. Done a frame after the messages are drawn, since they move the fields below them. Focus alone does not
 * scroll a field the form already focused, and the button pressed may be a screen below it on a phone. Centred,
 * not at the top: the field's label sits above it and its message below, and both come into view with it.
 */
export function bringIntoView(fieldId: string): void {
  requestAnimationFrame(() => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    if (document.activeElement !== field) field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  });
}

/**
 * After each attempt that left messages, brings the first field with one (in the order the form shows them) into
 * view. Only a new attempt moves the page: fixing one field must not scroll to the next.
 */
export function useFirstErrorInView(order: readonly string[], errors: Readonly<Record<string, unknown>>, attempt: number, idOf: (field: string) => string): void {
  useEffect(() => {
    const first = order.find((field) => errors[field]);
    if (first) bringIntoView(idOf(first));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
}
