import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '../../components/icons';
import { logOut } from '../../features/session/log-out';
import { isAdmin, type Session } from '../../features/session/session-store';

/**
 * The Profile menu (SPEC.md §2) as an ARIA menu button: Enter/Space/↓ open it on the first item, ↑/↓ move,
 * Escape closes and returns to the button, Tab or a click elsewhere closes it.
 */
export function ProfileMenu({ session, onNavigate }: { session: Session; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const admin = isAdmin(session);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  const pick = () => {
    setOpen(false);
    onNavigate();
  };

  return (
    <div className="dropdown profile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-amber dropdown-toggle d-inline-flex align-items-center gap-2"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserIcon size={18} />
        Profile
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Profile"
        className={`dropdown-menu dropdown-menu-end shadow${open ? ' show' : ''}`}
        onKeyDown={onMenuKeyDown}
      >
        <li role="none" className="dropdown-header text-truncate">
          Signed in as <span className="fw-semibold">{session.user.username || session.user.emailaddress}</span>
        </li>
        <li role="none">
          <Link role="menuitem" tabIndex={-1} className="dropdown-item" to="/account" onClick={pick}>
            Account
          </Link>
        </li>
        <li role="none">
          <Link role="menuitem" tabIndex={-1} className="dropdown-item" to="/orders" onClick={pick}>
            Your Orders
          </Link>
        </li>
        {admin ? (
          <li role="none">
            <Link role="menuitem" tabIndex={-1} className="dropdown-item" to="/admin" onClick={pick}>
              Admin Dashboard
            </Link>
          </li>
        ) : null}
        <li role="none">
          <hr className="dropdown-divider" />
        </li>
        <li role="none">
          <button role="menuitem" tabIndex={-1} type="button" className="dropdown-item" onClick={() => void logOut()}>
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
