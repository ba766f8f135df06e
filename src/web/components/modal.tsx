import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons under the body; one Close button when not given. */
  footer?: ReactNode;
  /** Adds a × button to the header as well. */
  closeButton?: boolean;
  /** 'alertdialog' for a question that interrupts (confirm a deletion). */
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal of the app: Bootstrap's look without its JavaScript, drawn in a portal on <body> so no
 * parent's stacking or overflow can clip it. Labelled by its title; focus moves to the element marked
 * `data-autofocus` (else the first control), Tab and Shift+Tab stay inside, Escape or a click on the
 * backdrop closes it, and focus returns to whatever opened it.
 */
export function Modal({ title, onClose, children, footer, closeButton = false, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // A click counts as "on the backdrop" only when it also started there (a text selection dragged out
  // of the dialog must not close it).
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const focusables = () => Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    (dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? dialog)?.focus();
    document.body.classList.add('modal-open');

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const outside = !dialog?.contains(document.activeElement);
      if (event.shiftKey && (outside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('modal-open');
      opener?.focus();
    };
  }, []);

  return createPortal(
    <>
      <div className="modal-backdrop show" />
      <div
        className="modal d-block"
        onMouseDown={(e) => {
          pressedOnBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          if (pressedOnBackdrop.current && e.target === e.currentTarget) onClose();
          pressedOnBackdrop.current = false;
        }}
      >
        <div
          ref={dialogRef}
          className="modal-dialog modal-dialog-centered modal-dialog-scrollable"
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              {closeButton ? <button type="button" className="btn-close" aria-label="Close" onClick={onClose} /> : null}
            </div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">
              {footer ?? (
                <button type="button" className="btn btn-amber" onClick={onClose}>
                  Close
                </button>
              )}
            </div>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
