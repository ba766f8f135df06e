import { useEffect, useState } from 'react';
import { MESSAGE_VISIBLE_MS } from '../../domain/constants';

/**
 * A message that shows for MESSAGE_VISIBLE_MS (10 s, SPEC.md §4) and then hides itself. It shows again when
 * the text changes or when `attempt` changes (another submit with the same mistake).
 */
export function useTimedMessage(message: string | undefined, attempt = 0): string | undefined {
  const [shown, setShown] = useState({ message, attempt });
  const [hidden, setHidden] = useState(false);
  // A new message (or a new attempt) is visible again: adjust state while rendering, as React recommends.
  if (shown.message !== message || shown.attempt !== attempt) {
    setShown({ message, attempt });
    setHidden(false);
  }
  useEffect(() => {
    if (!message) return undefined;
    const timer = window.setTimeout(() => setHidden(true), MESSAGE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message, attempt]);
  return hidden ? undefined : message;
}
