import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import { CartIcon } from '../../components/icons';
import { useCart } from '../../features/cart/cart-store';
import { useSession } from '../../features/session/session-store';
import { useShopName } from '../../lib/shop-profile';
import { ProfileMenu } from './profile-menu';

function CartCount({ count }: { count: number }) {
  return (
    <span className="badge rounded-pill cart-badge" data-testid="cart-badge" aria-hidden="true">
      {count}
    </span>
  );
}

// SPEC.md calls a cart line an item: 2 × 1 litre is one item, shown on the cart page as one row.
const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

/** Navigation bar of SPEC.md §2, collapsing behind a toggle below 992 px, with no Bootstrap JavaScript. */
export function SiteNav() {
  const session = useSession();
  const shopName = useShopName();
  const count = useCart().length;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [closedAt, setClosedAt] = useState(location.key);
  // The collapsed menu closes after each navigation.
  if (closedAt !== location.key) {
    setClosedAt(location.key);
    setOpen(false);
  }
  const toggle = useRef<HTMLButtonElement>(null);
  // As a disclosure should: Esc closes it and puts focus back on the toggle, and Tab past its last link (or a click
  // elsewhere) closes it rather than leaving it open over the page.
  const closeOnEscape = (event: KeyboardEvent) => {
    // An open profile menu's own Esc (it prevents the default) closes only that menu.
    if (!open || event.key !== 'Escape' || event.defaultPrevented) return;
    setOpen(false);
    toggle.current?.focus();
  };
  const closeOnLeave = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (open && !(next instanceof Node && event.currentTarget.contains(next))) setOpen(false);
  };
  const signedIn = !!session?.user.emailaddress;
  const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

  return (
    <nav className="navbar navbar-expand-lg site-nav" aria-label="Main" onKeyDown={closeOnEscape} onBlur={closeOnLeave}>
      <div className="container">
        <Link className="navbar-brand py-0" to="/">
          <img src={logo} alt={`${shopName} home`} width={160} height={40} />
        </Link>
        <div className="d-flex align-items-center gap-2 d-lg-none">
          <Link to="/cart" className="btn btn-link nav-cart-icon" aria-label={cartLabel(count)}>
            <CartIcon size={24} />
            <CartCount count={count} />
          </Link>
          <button
            ref={toggle}
            className="navbar-toggler"
            type="button"
            aria-controls="main-menu"
            aria-expanded={open}
            aria-label="Toggle navigation"
            onClick={() => setOpen((o) => !o)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <div className={`collapse navbar-collapse${open ? ' show' : ''}`} id="main-menu">
          <ul className="navbar-nav me-auto mb-2 mb-lg-0">
            <li className="nav-item">
              <NavLink className={navClass} to="/" end>
                Home
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink className={navClass} to="/products">
                Product
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink className={(s) => `${navClass(s)} d-inline-flex align-items-center gap-1`} to="/cart" aria-label={cartLabel(count)}>
                <CartIcon size={20} />
                Cart
                <CartCount count={count} />
              </NavLink>
            </li>
            {!signedIn ? (
              <li className="nav-item">
                <NavLink className={navClass} to="/login">
                  Login/Signup
                </NavLink>
              </li>
            ) : null}
          </ul>
          {session && signedIn ? (
            <div className="pb-3 pb-lg-0">
              <ProfileMenu session={session} onNavigate={() => setOpen(false)} />
            </div>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
