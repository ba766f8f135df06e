import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatSize } from '../../../domain/display';
import type { StudioProduct } from '../../../domain/schemas/studio';
import { messageOf } from './studio-errors';
import { useStockChange, type StockChange } from './stock-api';
import { parseReceived, parseShelfCount, stockStatus } from './stock-values';
import './stock-panel.css';

/**
 * The editor's Stock section: per saved size, its count with "Set" (a shelf count, or empty to stop tracking) and
 * "Add received bottles". Each change goes to the server at once (audited there), apart from the product's Save.
 */
export function StockPanel({ product }: { product: StudioProduct | null }) {
  const id = useId();
  return (
    <section className="studio-stock" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5 mb-1">
        Stock
      </h3>
      {product ? (
        <>
          <p className="small text-body-secondary mb-2">
            Bottles on the shelf, size by size. Orders take them as they are placed; at 0 the size shows “Sold out”. Empty the count
            and press Set to stop tracking a size.
          </p>
          <div className="studio-stock-list mb-2">
            {product.quantitysize.map((size, i) => (
              <StockRow key={size} product={product} size={size} stock={product.stock[i] ?? null} />
            ))}
          </div>
          <p className="small text-body-secondary mb-0">These are the sizes as last saved: save a new size before counting it.</p>
        </>
      ) : (
        <p className="small text-body-secondary mb-0">Create the product first, then count its bottles here size by size.</p>
      )}
    </section>
  );
}

const TONE_CLASS = { muted: 'text-body-secondary', ok: 'text-success-emphasis', out: 'text-danger', negative: 'text-danger fw-semibold' } as const;

function StockRow({ product, size, stock }: { product: StudioProduct; size: number; stock: number | null }) {
  const id = useId();
  const change = useStockChange();
  const [shelf, setShelf] = useState(stock === null ? '' : String(stock));
  const [received, setReceived] = useState('');
  // Which box the message is about, so only that one is marked.
  const [error, setError] = useState<{ at: 'set' | 'receive'; message: string } | null>(null);
  const label = `${product.name} ${formatSize(size)}`;
  const status = stockStatus(stock);

  function run(next: StockChange, done: (now: number | null) => string) {
    setError(null);
    change.mutate(next, {
      onSuccess: (levels) => {
        const now = levels.find((l) => String(l.productId) === product._id && l.size === size)?.stock ?? null;
        setShelf(now === null ? '' : String(now));
        setReceived('');
        toast.success(done(now));
      },
      onError: (err) => setError({ at: next.kind, message: messageOf(err) }),
    });
  }

  function onSet(event: FormEvent) {
    event.preventDefault();
    const parsed = parseShelfCount(shelf);
    if (!parsed.ok) return setError({ at: 'set', message: parsed.message });
    run({ kind: 'set', productId: product._id, size, stock: parsed.value }, (now) =>
      now === null ? `${label} is no longer tracked` : `${label}: ${now} on the shelf`,
    );
  }

  function onReceive(event: FormEvent) {
    event.preventDefault();
    const parsed = parseReceived(received);
    if (!parsed.ok) return setError({ at: 'receive', message: parsed.message });
    run({ kind: 'receive', productId: product._id, size, bottles: parsed.value }, (now) => `${label}: ${parsed.value} added, ${now ?? 0} on the shelf`);
  }

  return (
    <div className="studio-stock-row" role="group" aria-labelledby={`${id}-size`}>
      <div className="studio-stock-now">
        <span id={`${id}-size`} className="fw-semibold">
          <span className="visually-hidden">Stock of </span>
          {formatSize(size)}
        </span>
        <span className={`d-block small ${TONE_CLASS[status.tone]}`} data-testid="stock-status">
          {status.text}
        </span>
      </div>
      <CountForm
        id={`${id}-shelf`}
        label="Bottles on the shelf"
        button="Set"
        min={0}
        placeholder="Not tracked"
        value={shelf}
        onChange={setShelf}
        onSubmit={onSet}
        invalid={error?.at === 'set'}
        errorId={`${id}-error`}
        pending={change.isPending}
      />
      <CountForm
        id={`${id}-received`}
        label="Bottles received"
        button="Add received bottles"
        min={1}
        value={received}
        onChange={setReceived}
        onSubmit={onReceive}
        invalid={error?.at === 'receive'}
        errorId={`${id}-error`}
        pending={change.isPending}
      />
      <p id={`${id}-error`} className="studio-stock-error small text-danger mb-0" role="alert">
        {error?.message}
      </p>
    </div>
  );
}

interface CountFormProps {
  id: string;
  label: string;
  button: string;
  min: number;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  onSubmit(event: FormEvent): void;
  invalid: boolean;
  /** The row's one message line, shared by both boxes. */
  errorId: string;
  pending: boolean;
}

/** A whole-number box with its button: the row's shelf count and its received bottles. */
function CountForm({ id, label, button, min, placeholder, value, onChange, onSubmit, invalid, errorId, pending }: CountFormProps) {
  return (
    <form className="studio-stock-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          placeholder={placeholder}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={errorId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-amber" disabled={pending}>
          {button}
        </button>
      </div>
    </form>
  );
}
