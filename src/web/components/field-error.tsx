import { useTimedMessage } from '../lib/use-timed-message';

/** The validation message under a field; it hides itself after 10 seconds (SPEC.md §4). */
export function FieldError({ id, message, attempt }: { id: string; message?: string | undefined; attempt: number }) {
  const visible = useTimedMessage(message, attempt);
  return (
    <div id={id} className="field-error" aria-live="polite">
      {visible ? <span className="text-danger small">{visible}</span> : null}
    </div>
  );
}
