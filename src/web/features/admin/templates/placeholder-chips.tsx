import { useRef } from 'react';
import { PLACEHOLDERS } from '../../../../domain/placeholders';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Pure: `value` with `token` put in place of the selection [start, end). */
export function insertAt(value: string, token: string, start: number, end: number): string {
  return value.slice(0, start) + token + value.slice(end);
}

/**
 * Remembers which of a form's text fields was used last, so a placeholder chip lands at that field's
 * cursor (replacing any selection). Fields keep their selection after losing focus to the chip.
 */
export function useInsertAtCursor<Name extends string>(fallback: Name, write: (name: Name, value: string) => void) {
  const fields = useRef(new Map<Name, TextField>());
  const last = useRef<Name>(fallback);

  function bind(name: Name) {
    return {
      onFocus: () => {
        last.current = name;
      },
      track: (el: TextField | null) => {
        if (el) fields.current.set(name, el);
        else fields.current.delete(name);
      },
    };
  }

  function insert(token: string) {
    const name = last.current;
    const el = fields.current.get(name);
    if (!el) return;
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    write(name, insertAt(el.value, token, start, end));
    const caret = start + token.length;
    window.requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(caret, caret);
    });
  }

  return { bind, insert };
}

/** The template placeholders as chips; clicking one inserts its {{token}} at the cursor. */
export function PlaceholderChips({ onInsert }: { onInsert: (token: string) => void }) {
  return (
    <div className="placeholder-chips" role="group" aria-label="Insert a placeholder">
      {PLACEHOLDERS.map((p) => (
        <button
          key={p.key}
          type="button"
          className="placeholder-chip"
          title={`Insert ${p.token}`}
          aria-label={`Insert ${p.label}`}
          // Keep the caret where it is in the field being edited.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(p.token)}
        >
          <span aria-hidden="true">+ </span>
          {p.label}
        </button>
      ))}
    </div>
  );
}
