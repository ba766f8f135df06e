import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import bannerBottom from '../../assets/home/banner-bottom.webp';
import bannerTop from '../../assets/home/banner-top.webp';
import gheesImage from '../../assets/home/ghees.webp';
import specialImage from '../../assets/home/special.webp';
import { useShopProfile, FALLBACK_SHOP_NAME } from '../../lib/shop-profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useHeroArrived } from './hero-arrival';
import { HeroCarousel } from './hero-carousel';
import { useReveal } from './use-reveal';

const ImageCarousel = lazy(() => import('./image-carousel'));

function Reveal({ from, children, className = '' }: { from: 'left' | 'right'; children: ReactNode; className?: string }) {
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref} className={`reveal reveal-from-${from} ${className}`}>
      {children}
    </div>
  );
}

/** Mounts the Swiper carousel (and downloads its chunk) only when it comes near the screen. */
function NearScreen({ children, placeholderClass }: { children: ReactNode; placeholderClass: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} className={placeholderClass}>
      {near ? children : null}
    </div>
  );
}

export function HomePage() {
  usePageTitle(undefined);
  // The pictures below the hero wait for its first slide (hero-arrival.ts). Meanwhile each shows an empty picture of
  // its own proportions, drawn from this text, so its box has its final size and nothing moves when it arrives.
  const heroArrived = useHeroArrived();
  // The shop's own name and words (Settings → Shop profile).
  const { data: profile } = useShopProfile();
  const shopName = profile?.shopName || FALLBACK_SHOP_NAME;
  const after = (src: string, width: number, height: number) =>
    heroArrived ? src : `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'/%3E`;
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <HeroCarousel />
        <div className="hero-copy">
          <div className="container">
            <div className="hero-copy-card">
              <p className="eyebrow mb-1">{shopName}</p>
              <h1 id="home-title" className="hero-title">{profile?.tagline || shopName}</h1>
              {profile?.description ? <p className="mb-3">{profile.description}</p> : null}
              <Link to="/products" className="btn btn-amber btn-lg">
                Shop ghee
              </Link>
            </div>
          </div>
        </div>
      </section>

      <div className="container-fluid px-0">
        <img src={after(bannerTop, 1600, 400)} alt="Homemade ghee: small-batch, grass-fed, slow-cooked. Pure ghee, from our kitchen to your table." width={1600} height={400} className="banner-img" loading="lazy" decoding="async" />
      </div>

      <section className="container py-5 home-section" aria-labelledby="ghees-title">
        <div className="row align-items-center g-4 g-lg-5">
          <Reveal from="left" className="col-md-6">
            <img src={after(gheesImage, 900, 700)} alt="Our range: Bilona Gir cow ghee, A2 desi cow ghee, buffalo ghee and cultured cow ghee" width={900} height={700} className="img-fluid rounded-4 shadow-sm" loading="lazy" decoding="async" />
          </Reveal>
          <Reveal from="right" className="col-md-6">
            <h2 id="ghees-title" className="display-6 section-title">Our ghees</h2>
            <p className="lead">
              Premium small-batch ghee, made the way our grandmothers made it: butter from grass-fed cows, simmered over a low flame until it turns clear gold and smells of toasted nuts.
            </p>
            <p>Desi cow, Bilona Gir, buffalo and cultured ghee — each batch is strained by hand and filled into its jar the same day.</p>
            <Link to="/products" className="btn btn-amber btn-lg">
              Explore
            </Link>
          </Reveal>
        </div>
      </section>

      <section className="bg-cream py-5 home-section" aria-labelledby="special-title">
        <div className="container">
          <div className="row align-items-center g-4 g-lg-5 flex-md-row-reverse">
            <Reveal from="right" className="col-md-6">
              <img src={after(specialImage, 900, 700)} alt="A bottle of ghee surrounded by its qualities: grass-fed, lactose-free, slow-cooked, high smoke point" width={900} height={700} className="img-fluid rounded-4 shadow-sm" loading="lazy" decoding="async" />
            </Reveal>
            <Reveal from="left" className="col-md-6">
              <h2 id="special-title" className="display-6 section-title">What makes our ghee special</h2>
              <ul className="feature-list">
                <li>
                  <strong>Grass-fed butter.</strong> Milk from cows that graze on open pasture.
                </li>
                <li>
                  <strong>Lactose-free.</strong> Slow cooking leaves the milk solids behind.
                </li>
                <li>
                  <strong>High smoke point.</strong> Stays stable for tadka, frying and roasting.
                </li>
                <li>
                  <strong>Rich in vitamins A, D, E and K.</strong> Naturally, with nothing added.
                </li>
              </ul>
              <Link to="/products" className="btn btn-amber btn-lg">
                Explore
              </Link>
            </Reveal>
          </div>
        </div>
      </section>

      <section className="py-5 home-section" aria-labelledby="gallery-title">
        <div className="container">
          <h2 id="gallery-title" className="display-6 section-title text-center mb-4">
            From our kitchen
          </h2>
        </div>
        <NearScreen placeholderClass="image-carousel-slot">
          <Suspense fallback={null}>
            <ImageCarousel />
          </Suspense>
        </NearScreen>
      </section>

      <div className="container-fluid px-0">
        <img src={after(bannerBottom, 1600, 400)} alt="Lactose-free, high smoke point and naturally rich in vitamins A, D, E and K. Made in small batches, delivered to your door." width={1600} height={400} className="banner-img" loading="lazy" decoding="async" />
      </div>
    </>
  );
}
