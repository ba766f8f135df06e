import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FacebookIcon, InstagramIcon, WhatsappIcon } from '../../components/icons';
import { POLICY_KEYS, POLICY_ROUTES, POLICY_TITLES } from '../../../domain/policies';
import { usePublicBusiness } from '../../lib/public-business';
import { useContactLinks, useShopProfile, FALLBACK_SHOP_NAME } from '../../lib/shop-profile';
import { DialogLoadBoundary } from './dialog-load-boundary';
import { FOOTER_TOPIC_KEYS, FOOTER_TOPIC_TITLES, type FooterTopic } from './footer-topics';
import { loadScreen, ScreenLoadError } from './screen-chunks';

// The modal, its text and the Markdown renderer load when a topic is opened, not with every page.
function lazyDialog() {
  return lazy(async () => ({ default: (await loadScreen(() => import('./footer-topic-dialog'))).FooterTopicDialog }));
}
let FooterTopicDialog = lazyDialog();

/** A dialog that could not open: said in a toast, and the next press loads its code afresh (React keeps a failed load). */
function dialogFailed(topic: FooterTopic, error: Error) {
  const title = FOOTER_TOPIC_TITLES[topic];
  if (error instanceof ScreenLoadError) {
    FooterTopicDialog = lazyDialog();
    toast.error(`We couldn't open ${title}. Check your connection and try again.`, { toastId: 'footer-dialog-failed' });
  } else {
    console.error(`The ${title} dialog failed to show`, error);
    toast.error(`Something went wrong opening ${title}. Please try again.`, { toastId: 'footer-dialog-failed' });
  }
}

export function SiteFooter() {
  const [topic, setTopic] = useState<FooterTopic | null>(null);
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
          <nav className="col-6 col-md-2" aria-label="Shop">
            <p className="footer-heading">Shop</p>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/products">Services</Link>
              </li>
              <li>
                <Link to="/orders">Your Orders</Link>
              </li>
              <li>
                <Link to="/track">Track your order</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-3" aria-label="Policies">
            <p className="footer-heading">Policies</p>
            <ul className="list-unstyled footer-links">
              {POLICY_KEYS.map((key) => (
                <li key={key}>
                  <Link to={POLICY_ROUTES[key]}>{POLICY_TITLES[key]}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-md-3" aria-label="Company">
            <p className="footer-heading">Company</p>
            <ul className="list-unstyled footer-links">
              {FOOTER_TOPIC_KEYS.map((key) => (
                <li key={key}>
                  <button type="button" className="btn btn-link footer-link-button" onClick={() => setTopic(key)}>
                    {FOOTER_TOPIC_TITLES[key]}
                  </button>
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
      {topic ? (
        <DialogLoadBoundary
          onError={(error) => {
            dialogFailed(topic, error);
            setTopic(null);
          }}
        >
          <Suspense fallback={null}>
            <FooterTopicDialog topic={topic} onClose={() => setTopic(null)} />
          </Suspense>
        </DialogLoadBoundary>
      ) : null}
    </footer>
  );
}
