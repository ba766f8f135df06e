import { useEffect, useId, useState } from 'react';
import type { DeliveryCheck } from '../../../domain/schemas/delivery';
import { formatRupees } from '../../../domain/display';
import { PINCODE_PATTERN } from '../../../domain/pricing';
import { describeDelivery, fetchDeliveryCheck, rememberedPincode, rememberPincode, unlistedPincode } from './delivery-api';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; pincode: string; check: DeliveryCheck } | { kind: 'error'; message: string };

/** "Does it reach me?": product page and cart. The pincode is remembered for the session and checked again on load. */
export function PincodeCheck() {
  const inputId = useId();
  const [pincode, setPincode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function run(value: string) {
    if (!PINCODE_PATTERN.test(value)) {
      setState({ kind: 'error', message: 'Enter a 6-digit pincode (it does not start with 0).' });
      return;
    }
    setState({ kind: 'busy' });
    try {
      const check = await fetchDeliveryCheck(value);
      rememberPincode(value);
      setState({ kind: 'done', pincode: value, check });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : 'Could not check this pincode.' });
    }
  }

  // Read after mounting: the product page is also rendered on the server, where there is no session storage.
  useEffect(() => {
    const saved = rememberedPincode();
    if (!PINCODE_PATTERN.test(saved)) return;
    let live = true;
    fetchDeliveryCheck(saved)
      .then((check) => {
        if (!live) return;
        setPincode((typed) => typed || saved);
        setState((current) => (current.kind === 'idle' ? { kind: 'done', pincode: saved, check } : current));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <form
      className="pincode-check mb-3"
      aria-label="Check delivery"
      onSubmit={(e) => {
        e.preventDefault();
        void run(pincode.trim());
      }}
    >
      <label htmlFor={inputId} className="form-label small mb-1">
        Check delivery to your pincode
      </label>
      <div className="input-group">
        <input
          id={inputId}
          className="form-control"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="560001"
          value={pincode}
          onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="btn btn-outline-amber" disabled={state.kind === 'busy'}>
          Check
        </button>
      </div>
      <p className="small mt-1 mb-0" role="status" data-testid="pincode-result">
        {state.kind === 'done' ? (
          <span className={unlistedPincode(state.check) ? 'text-danger' : undefined}>{describeDelivery(state.pincode, state.check, formatRupees)}</span>
        ) : null}
        {state.kind === 'error' ? <span className="text-danger">{state.message}</span> : null}
      </p>
    </form>
  );
}
