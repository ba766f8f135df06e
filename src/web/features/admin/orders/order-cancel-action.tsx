import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatRupees, orderNumber } from '../../../../domain/display';
import { parcelAway } from '../../../../domain/shipping';
import { ADMIN_CANCEL_REASONS, OTHER_REASON, REASON_MAX_LENGTH, refundableLeft, type OrderWithRefunds } from '../../../../domain/refunds';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCancelOrder } from '../api/refunds-api';

/** What cancelling does to the money, said before the admin confirms. */
function moneyNote(order: OrderWithRefunds): string {
  const left = refundableLeft(order.totalAmount, order.refunds);
  if (order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID' && left > 0) {
    return `${formatRupees(left)} is refunded to how the customer paid.`;
  }
  const credited = order.invoiceNumber && !parcelAway(order.shipment?.status) ? ' Its tax invoice is credited in full.' : '';
  return `Nothing was paid online, so nothing is refunded.${credited}`;
}

/** What cancelling does to the bottles: back on the shelf now, or when the courier brings the parcel back. */
function bottlesNote(order: OrderWithRefunds): string {
  const status = order.shipment?.status;
  if (status === 'DELIVERED') return 'The courier delivered the parcel, so its bottles do not come back into stock.';
  if (parcelAway(status)) {
    return 'The parcel is with the courier, so its bottles go back into stock when the courier returns it ("Returned to us").';
  }
  return 'Its bottles go back into stock.';
}

interface OrderCancelActionProps {
  order: OrderWithRefunds;
  /** Called as the cancel is sent: the card moves the keyboard once the order shows cancelled; call back on failure. */
  armFocus: () => () => void;
}

/** "Cancel order": a reason from the short list (or the admin's own words), then a confirmation. */
export function OrderCancelAction({ order, armFocus }: OrderCancelActionProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const moved = useRef(false);
  // The panel replaces its button, and the button the panel: the keyboard goes along to the one shown.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (open ? reasonRef : toggleRef).current?.focus();
  }, [open]);
  const show = (next: boolean) => {
    moved.current = true;
    setOpen(next);
  };
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState<string>(ADMIN_CANCEL_REASONS[0]);
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelOrder(order.orderid);
  const reason = choice === OTHER_REASON ? other.trim() : choice;

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setProblem('Write why the order is cancelled.');
      return;
    }
    setProblem(null);
    setConfirming(true);
  }

  function confirm() {
    const failed = armFocus();
    cancel.mutate(reason, {
      onSuccess: () => {
        toast.success(`Order ${orderNumber(order.id)} is cancelled.`);
        setConfirming(false);
        setOpen(false);
      },
      onError: (error) => {
        failed();
        setConfirming(false);
        setProblem(error.message);
      },
    });
  }

  if (!open) {
    return (
      <button ref={toggleRef} type="button" className="btn btn-outline-danger" onClick={() => show(true)}>
        Cancel order
      </button>
    );
  }
  return (
    <form className="order-action-form" onSubmit={ask} noValidate aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="detail-subheading mt-0">Cancel this order</h5>
      <label htmlFor={`${id}-reason`} className="form-label">Reason</label>
      <select ref={reasonRef} id={`${id}-reason`} className="form-select mb-2" value={choice} onChange={(e) => setChoice(e.target.value)}>
        {ADMIN_CANCEL_REASONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      {choice === OTHER_REASON && (
        <>
          <label htmlFor={`${id}-other`} className="form-label">Other reason</label>
          <input
            id={`${id}-other`}
            className={`form-control mb-2${problem && !reason ? ' is-invalid' : ''}`}
            maxLength={REASON_MAX_LENGTH}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            aria-describedby={`${id}-problem`}
          />
        </>
      )}
      <p className="small text-muted-strong mb-2">{bottlesNote(order)} The customer gets the cancellation mail. {moneyNote(order)}</p>
      <div id={`${id}-problem`} role="alert">
        {problem && <p className="text-danger small mb-2">{problem}</p>}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={cancel.isPending}>
          Cancel order…
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => show(false)}>
          Keep the order
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Cancel order # ${orderNumber(order.id)}?`}
          confirmLabel="Yes, cancel the order"
          cancelLabel="Keep the order"
          busy={cancel.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          <p className="mb-1">Reason: {reason}</p>
          <p className="mb-0">{moneyNote(order)} This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
