import { useState } from 'react';
import { ChatIcon, InstagramIcon, WhatsappIcon } from '../../components/icons';
import { useContactLinks } from '../../lib/shop-profile';

/**
 * Floating contact button: hover (or a click or Enter) reveals Whatsapp and Instagram. The links follow the
 * button in the page order so Tab reaches them next; CSS stacks them above it. Only the links set in the shop profile
 * show, and without any there is no button.
 */
export function ContactButton() {
  const [open, setOpen] = useState(false);
  const { whatsappUrl, instagramUrl } = useContactLinks();
  if (!whatsappUrl && !instagramUrl) return null;
  return (
    <aside
      className={`contact-fab${open ? ' is-open' : ''}`}
      aria-label="Contact us"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="contact-fab-toggle"
        aria-expanded={open}
        aria-controls="contact-links"
        aria-label="Contact us"
        onClick={() => setOpen((o) => !o)}
      >
        <ChatIcon size={26} />
      </button>
      <ul className="contact-fab-links list-unstyled" id="contact-links">
        {whatsappUrl ? (
          <li>
            <a className="contact-fab-link contact-whatsapp" href={whatsappUrl} target="_blank" rel="noopener noreferrer" tabIndex={open ? 0 : -1}>
              <WhatsappIcon /> <span>Whatsapp</span>
            </a>
          </li>
        ) : null}
        {instagramUrl ? (
          <li>
            <a className="contact-fab-link contact-instagram" href={instagramUrl} target="_blank" rel="noopener noreferrer" tabIndex={open ? 0 : -1}>
              <InstagramIcon /> <span>Instagram</span>
            </a>
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
