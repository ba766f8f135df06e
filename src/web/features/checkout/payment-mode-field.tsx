import { useEffect, useId } from 'react';
import { toast } from 'react-toastify';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '../../../domain/constants';
import { TOASTS } from '../../../domain/messages';

/** The one "Cash on Delivery selected" toast, so it can be taken back. */
const CASH_SELECTED_TOAST = 'cash-selected';

interface PaymentModeFieldProps {
  mode: PaymentMode;
  /** The modes offered now (cash only while online payment is off). */
  modes: readonly PaymentMode[];
  onChange: (mode: PaymentMode) => void;
  /** Why cash on delivery is refused for this order, if it is. */
  codRefused: string | null;
}

/** The summary's payment mode: the choice, the cash toast, and the way out when cash is refused. */
export function PaymentModeField({ mode, modes, onChange, codRefused }: PaymentModeFieldProps) {
  const id = useId();
  // Leaving the summary (to the payment dialog's result, say) takes the cash toast with it.
  useEffect(() => () => toast.dismiss(CASH_SELECTED_TOAST), []);
  return (
    <>
      <label htmlFor={id} className="form-label">
        Payment mode
      </label>
      <select
        id={id}
        className="form-select mb-3"
        value={mode}
        onChange={(e) => {
          const next = e.target.value as PaymentMode;
          onChange(next);
          // Said for cash only, and taken back when the customer turns to paying online.
          if (next === 'CASHONDELIVERY') toast.info(TOASTS.cashSelected, { toastId: CASH_SELECTED_TOAST });
          else toast.dismiss(CASH_SELECTED_TOAST);
        }}
      >
        {modes.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_MODE_LABELS[m]}
          </option>
        ))}
      </select>
      {codRefused ? (
        <div className="alert alert-warning small py-2" role="alert" data-testid="cod-refused">
          <p className="mb-2">{codRefused}</p>
          <button type="button" className="btn btn-sm btn-amber" onClick={() => onChange('ONLINE')}>
            Pay online instead
          </button>
        </div>
      ) : null}
    </>
  );
}
