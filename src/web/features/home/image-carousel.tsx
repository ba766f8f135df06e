import { useState } from 'react';
import type { Swiper as SwiperClass } from 'swiper';
import { A11y, Autoplay, EffectCoverflow } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-coverflow';
import { BREAKPOINTS, IMAGE_CAROUSEL } from '../../../domain/constants';
import slide1 from '../../assets/home/slide-1.webp';
import slide2 from '../../assets/home/slide-2.webp';
import slide3 from '../../assets/home/slide-3.webp';
import slide4 from '../../assets/home/slide-4.webp';
import slide5 from '../../assets/home/slide-5.webp';

const SLIDES = [
  { src: slide1, alt: 'A bottle of A2 desi cow ghee beside fresh green leaves' },
  { src: slide2, alt: 'A jar of buffalo ghee with a brass bowl of golden ghee' },
  { src: slide3, alt: 'Vegetables sizzling in ghee in an iron kadhai' },
  { src: slide4, alt: 'A cow grazing on a green pasture in the sun' },
  { src: slide5, alt: 'A drop of ghee ringed by vitamins A, D, E and K' },
];

// Swiper's loop needs more slides than it shows plus one on each side: with 4 visible and centred, five
// pictures are not enough, so the ring holds them twice; the pagination still counts five.
const RING = [...SLIDES, ...SLIDES];
const PHONE_STRETCH = -20;

/**
 * The coverflow image carousel of SPEC.md §9 (rotate 50, stretch −100, depth 100, 4 visible, loop, autoplay
 * 3000 ms that keeps going after interaction, pagination). Phones show 2 at once, closer together, so the
 * pictures stay recognisable. Lives in its own chunk so Swiper loads only on the home page, when this comes near.
 */
export default function ImageCarousel() {
  const { coverflow } = IMAGE_CAROUSEL;
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [active, setActive] = useState(0);
  return (
    <div className="image-carousel-wrap">
      <Swiper
        className="image-carousel"
        modules={[A11y, Autoplay, EffectCoverflow]}
        effect="coverflow"
        grabCursor
        centeredSlides
        loop={IMAGE_CAROUSEL.loop}
        slidesPerView={2}
        // The stretch is in pixels: on a phone −100 would push the neighbours off screen, so it is scaled down.
        coverflowEffect={{ rotate: coverflow.rotate, stretch: PHONE_STRETCH, depth: coverflow.depth, modifier: 1, slideShadows: false }}
        breakpoints={{
          [BREAKPOINTS.md]: {
            slidesPerView: IMAGE_CAROUSEL.slidesPerView,
            coverflowEffect: { rotate: coverflow.rotate, stretch: coverflow.stretch, depth: coverflow.depth, modifier: 1, slideShadows: false },
          },
        }}
        autoplay={{ delay: IMAGE_CAROUSEL.autoplayDelayMs, disableOnInteraction: IMAGE_CAROUSEL.disableOnInteraction }}
        a11y={{ enabled: true, containerMessage: 'Pictures from our kitchen', slideLabelMessage: 'Picture {{index}}' }}
        onSwiper={setSwiper}
        onRealIndexChange={(s) => setActive(s.realIndex % SLIDES.length)}
      >
        {RING.map((slide, i) => (
          <SwiperSlide key={i} aria-hidden={i >= SLIDES.length ? true : undefined}>
            <img src={slide.src} alt={i < SLIDES.length ? slide.alt : ''} width={600} height={600} loading="lazy" decoding="async" className="image-carousel-img" />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="image-carousel-pagination" role="group" aria-label="Choose a picture">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            className={`image-carousel-bullet${i === active ? ' is-active' : ''}`}
            aria-label={`Picture ${i + 1} of ${SLIDES.length}`}
            aria-current={i === active ? 'true' : undefined}
            onClick={() => swiper?.slideToLoop(i)}
          />
        ))}
      </div>
    </div>
  );
}
