import { useEffect, useState } from 'react';
import { TOP_CAROUSEL_INTERVALS_MS } from '../../../domain/constants';
import hero1 from '../../assets/home/hero-1.webp';
import hero2 from '../../assets/home/hero-2.webp';
import hero3 from '../../assets/home/hero-3.webp';
import { markHeroArrived, useHeroArrived } from './hero-arrival';

const SLIDES = [
  { src: hero1, alt: 'Bottles of A2 desi cow ghee and buffalo ghee on a sunny kitchen table' },
  { src: hero2, alt: 'A clay bilona pot beside a tin of hand-churned Bilona Gir cow ghee' },
  { src: hero3, alt: 'Golden ghee poured from a spoon over hot rice and rotis' },
] as const;

// Bootstrap's carousel default, used for the slide that has no interval of its own.
const DEFAULT_INTERVAL_MS = 5000;

/**
 * Top carousel of SPEC.md §2/§9: three images, the first shown 1000 ms, the second 500 ms, the third the
 * default. It pauses while hovered or focused, and has a pause button (WCAG 2.2.2) and slide buttons.
 */
export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The other slides are asked for once the first has arrived (hero-arrival.ts); a slide is drawn at once when shown.
  const firstArrived = useHeroArrived();

  useEffect(() => {
    if (paused || hovered) return undefined;
    const delay = TOP_CAROUSEL_INTERVALS_MS[index] ?? DEFAULT_INTERVAL_MS;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), delay);
    return () => window.clearTimeout(timer);
  }, [index, paused, hovered]);

  const go = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length);

  return (
    <div
      className="hero-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label="Our ghee"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="hero-slides">
        {SLIDES.map((slide, i) => (i === 0 || i === index || firstArrived ? (
          <img
            key={slide.src}
            src={slide.src}
            alt={slide.alt}
            width={1600}
            height={600}
            className={`hero-slide${i === index ? ' is-active' : ''}`}
            aria-hidden={i === index ? undefined : true}
            fetchPriority={i === 0 ? 'high' : 'low'}
            decoding={i === 0 ? 'sync' : 'async'}
            onLoad={i === 0 ? markHeroArrived : undefined}
            onError={i === 0 ? markHeroArrived : undefined}
          />
        ) : null))}
      </div>
      <div className="hero-controls">
        <button type="button" className="hero-control" onClick={() => go(index - 1)} aria-label="Previous slide">
          ‹
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            className={`hero-dot${i === index ? ' is-active' : ''}`}
            onClick={() => go(i)}
            aria-label={`Slide ${i + 1} of ${SLIDES.length}`}
            aria-current={i === index ? 'true' : undefined}
          />
        ))}
        <button type="button" className="hero-control" onClick={() => go(index + 1)} aria-label="Next slide">
          ›
        </button>
        <button type="button" className="hero-control hero-pause" onClick={() => setPaused((p) => !p)} aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}>
          {paused ? '▶' : '❚❚'}
        </button>
      </div>
    </div>
  );
}
