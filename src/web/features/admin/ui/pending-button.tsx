import type { ComponentProps, MouseEvent } from 'react';

type PendingButtonProps = ComponentProps<'button'> & { pending: boolean };

/**
 * A button whose action is under way: it looks disabled and ignores presses (a click, or Enter in the form's
 * fields), but is not `disabled`, since a disabled button loses the keyboard to the page's start and the owner who
 * saved from it would have to Tab back from the top. `disabled` stays for a button that cannot act at all.
 */
export function PendingButton({ pending, className, onClick, type = 'submit', ...rest }: PendingButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={`${className ?? ''}${pending ? ' disabled' : ''}`}
      aria-disabled={pending || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // Cancelling the click also cancels the form's submission that a submit button's click starts.
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
