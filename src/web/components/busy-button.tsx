import type { ComponentProps } from 'react';

type BusyButtonProps = ComponentProps<'button'> & { busy: boolean };

/** A submit button that, while its action runs, is disabled and shows a small spinner before its label. */
export function BusyButton({ busy, disabled, children, type = 'submit', ...rest }: BusyButtonProps) {
  return (
    <button type={type} disabled={busy || disabled} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
