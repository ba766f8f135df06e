import { imageVariant } from '../../lib/format';

interface ProductGalleryProps {
  name: string;
  images: readonly string[];
  /** The picture shown large; the page moves it when a size with its own picture is picked. */
  index: number;
  onIndexChange: (index: number) => void;
}

/** One large picture and a row of thumbnails that switch it. */
export function ProductGallery({ name, images, index: wanted, onIndexChange: setIndex }: ProductGalleryProps) {
  const index = images[wanted] ? wanted : 0;
  const current = images[index];
  if (!current) {
    return <div className="ratio ratio-1x1 rounded-4 bg-cream product-card-noimage" role="img" aria-label={`No photo of ${name} yet`} />;
  }
  return (
    <div className="product-gallery">
      <div className="ratio ratio-1x1 rounded-4 overflow-hidden bg-cream shadow-sm">
        <img
          src={imageVariant(current, 'gallery')}
          alt={`${name}, photo ${index + 1} of ${images.length}`}
          width={800}
          height={800}
          className="object-fit-cover"
          fetchPriority="high"
        />
      </div>
      {images.length > 1 ? (
        <ul className="list-unstyled d-flex gap-2 mt-3 mb-0" aria-label="More photos">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className={`gallery-thumb${i === index ? ' active' : ''}`}
                aria-pressed={i === index}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                onClick={() => setIndex(i)}
              >
                <img src={imageVariant(url, 'thumb')} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
