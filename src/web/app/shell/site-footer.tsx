import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, WhatsappIcon } from '../../components/icons';
import { POLICY_KEYS, POLICY_ROUTES, POLICY_TITLES } from '../../../domain/policies';
import { usePublicBusiness } from '../../lib/public-business';
import { useContactLinks, useShopProfile, FALLBACK_SHOP_NAME } from '../../lib/shop-profile';

// The modal and its text load when About is opened, not with every page.
const AboutDialog = lazy(async () => ({ default: (await import('./about-dialog')).AboutDialog }));

const ABOUT = 'About';

/**
 * The shop's footer: each place once, named for what it is. Terms and Privacy are policy pages like the others,
 * listed with them; About is the one text of the footer's own, in a modal (SPEC.md §2).
 */
export function SiteFooter() {
  const [aboutOpen, setAboutOpen] = useState(false);
  const { whatsappUrl, instagramUrl, facebookUrl } = useContactLinks();
  const { data: profile } = useShopProfile();
  const shopName = profile?.shopName || FALLBACK_SHOP_NAME;
  const { data: business } = usePublicBusiness();
  const fssai = business && /^[0-9]{14}$/.test(business.fssai) ? business.fssai : null;

  return (
    <footer className="site-footer mt-auto">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-md-4">
            <p className="footer-brand h4 mb-2">{shopName}</p>
            {profile?.description ? <p className="mb-3 footer-muted">{profile.description}</p> : null}
            {whatsappUrl || instagramUrl || facebookUrl ? (
              <ul className="list-unstyled d-flex gap-2 mb-0" aria-label="Social links">
                {whatsappUrl ? (
                  <li>
                    <a className="social-link" href={whatsappUrl} target="_blank" rel="noopener noreferrer" aria-label="Whatsapp (opens in a new tab)">
                      <WhatsappIcon />
                    </a>
                  </li>
                ) : null}
                {instagramUrl ? (
                  <li>
                    <a className="social-link" href={instagramUrl} target="_blank" rel="noopener noreferrer" aria-label="Instagram (opens in a new tab)">
                      <InstagramIcon />
                    </a>
                  </li>
                ) : null}
                {facebookUrl ? (
                  <li>
                    <a className="social-link" href={facebookUrl} target="_blank" rel="noopener noreferrer" aria-label="Facebook (opens in a new tab)">
                      <FacebookIcon />
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
          <nav className="col-6 col-md-4 col-lg-3 offset-lg-1" aria-label="Shop">
            <p className="footer-heading">Shop</p>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/products">Our ghee</Link>
              </li>
              <li>
                <Link to="/orders">Your Orders</Link>
              </li>
              <li>
                <Link to="/track">Track your order</Link>
              </li>
              <li>
                <button type="button" className="btn btn-link footer-link-button" onClick={() => setAboutOpen(true)}>
                  {ABOUT}
                </button>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-label="Policies">
            <p className="footer-heading">Policies</p>
            <ul className="list-unstyled footer-links">
              {POLICY_KEYS.map((key) => (
                <li key={key}>
                  <Link to={POLICY_ROUTES[key]}>{POLICY_TITLES[key]}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="small footer-muted border-top border-light-subtle pt-3 mt-4 mb-0">
          © {new Date().getFullYear()} {shopName}.
          {fssai ? <span className="ms-2">FSSAI Lic. No. {fssai}</span> : null}
        </p>
      </div>
      {aboutOpen ? (
        <Suspense fallback={null}>
          <AboutDialog title={ABOUT} onClose={() => setAboutOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
