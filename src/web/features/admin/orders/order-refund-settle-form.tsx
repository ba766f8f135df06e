import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../../domain/display';
import {
  SETTLEMENT_METHOD_WORDS,
  SETTLEMENT_METHODS,
  SETTLEMENT_NOTE_MAX,
  SETTLEMENT_REFERENCE_MAX,
  settleRefundSchema,
  settlementNeedsReference,
  type SettleRefundBody,
  type SettlementMethod,
} from '../../../../domain/refund-settlement';
import { useSettleRefund } from '../api/refunds-api';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';

interface SettleFields {
  method: SettlementMethod | '';
  reference: string;
  note: string;
}

const METHOD_LABELS: Readonly<Record<SettlementMethod, string>> = { BANK_TRANSFER: 'Bank transfer', UPI: 'UPI', CASH: 'Cash' };

/**
 * "Mark as settled" on a failed refund: the owner paid the customer another way and says how (decision 088). The
 * server settles it once, so a Retry or a second settle meanwhile is refused with its reason, shown here.
 */
export function OrderRefundSettleForm({ orderid, refundId, amount, onClose }: { orderid: string; refundId: string; amount: number; onClose: () => void }) {
  const id = useId();
  const settle = useSettleRefund(orderid);
  const form = useForm<SettleFields, unknown, SettleRefundBody>({
    resolver: zodResolver(settleRefundSchema) as never,
    defaultValues: { method: '', reference: '', note: '' },
  });
  const { errors } = form.formState;
  useAutoClearErrors(form);
  const method = useWatch({ control: form.control, name: 'method' });
  const methodRef = useRef<HTMLSelectElement | null>(null);
  useEffect(() => methodRef.current?.focus(), []);

  const onSubmit = form.handleSubmit((body) =>
    settle.mutate(
      { refundId, body },
      {
        onSuccess: () => {
          toast.success(`The refund of ${formatRupees(amount)} is marked as paid by ${SETTLEMENT_METHOD_WORDS[body.method]}; the customer is mailed.`);
          onClose();
        },
      },
    ),
  );
  const invalid = (name: keyof SettleFields) => (errors[name] ? ' is-invalid' : '');
  const methodField = form.register('method');
  const referenceOptional = method === 'CASH';
  return (
    <form
      className="order-action-form refund-settle-form mt-2"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h5 id={`${id}-title`} className="detail-subheading mt-0">Mark {formatRupees(amount)} as settled</h5>
      <p className="small text-muted-strong mb-2">You paid the customer back yourself. The refund then counts as paid, a new credit note is issued and the customer is mailed.</p>
      <div className="row g-2">
        <div className="col-sm-5">
          <label htmlFor={`${id}-method`} className="form-label">Paid by</label>
          <select
            id={`${id}-method`}
            className={`form-select${invalid('method')}`}
            aria-invalid={errors.method ? true : undefined}
            aria-describedby={`${id}-method-error`}
            {...methodField}
            ref={(el) => {
              methodField.ref(el);
              methodRef.current = el;
            }}
          >
            <option value="">Choose…</option>
            {SETTLEMENT_METHODS.map((m) => (
              <option key={m} value={m}>{METHOD_LABELS[m]}</option>
            ))}
          </select>
          <div id={`${id}-method-error`} className="invalid-feedback d-block">{errors.method?.message}</div>
        </div>
        <div className="col-sm-7">
          <label htmlFor={`${id}-reference`} className="form-label">
            Reference{referenceOptional ? ' (optional)' : ''}
          </label>
          <input
            id={`${id}-reference`}
            className={`form-control${invalid('reference')}`}
            maxLength={SETTLEMENT_REFERENCE_MAX}
            placeholder={method === 'UPI' ? 'UPI transaction id' : method === 'CASH' ? 'e.g. receipt number' : 'e.g. the transfer’s UTR'}
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={`${id}-reference-error`}
            aria-required={method !== '' && settlementNeedsReference(method) ? true : undefined}
            {...form.register('reference')}
          />
          <div id={`${id}-reference-error`} className="invalid-feedback d-block">{errors.reference?.message}</div>
        </div>
        <div className="col-12">
          <label htmlFor={`${id}-note`} className="form-label">Note (optional, not shown to the customer)</label>
          <input
            id={`${id}-note`}
            className={`form-control${invalid('note')}`}
            maxLength={SETTLEMENT_NOTE_MAX}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={`${id}-note-error`}
            {...form.register('note')}
          />
          <div id={`${id}-note-error`} className="invalid-feedback d-block">{errors.note?.message}</div>
        </div>
      </div>
      <div role="alert">{settle.isError && <p className="text-danger small mt-2 mb-0">Not marked as settled: {settle.error.message}</p>}</div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-amber btn-sm" disabled={settle.isPending}>
          {settle.isPending ? 'Saving…' : 'Mark as settled'}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
