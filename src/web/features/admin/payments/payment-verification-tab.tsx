import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ORDER_ID_PREFIX, PAYMENT_ID_PREFIX } from '../../../../domain/constants';
import { SCREENS } from '../../../../domain/messages';
import { verifyPaymentFormSchema, type VerifyPaymentForm } from '../../../../domain/schemas/order';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useVerifyPayment } from '../api/payments-api';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';

/** Checks a payment against an order; the admin types the ids without their prefixes. */
export function PaymentVerificationTab() {
  const id = useId();
  const verify = useVerifyPayment();
  const form = useForm<VerifyPaymentForm, unknown, { orderid: string; paymentid: string }>({
    resolver: zodResolver(verifyPaymentFormSchema),
    defaultValues: { orderid: '', paymentid: '' },
  });
  const { errors } = form.formState;
  useAutoClearErrors(form);

  // The verdict of the latest check, shown for 10 seconds (SPEC.md §4); a new check shows it again.
  const verdict = verify.isSuccess ? (verify.data ? SCREENS.paymentVerified : SCREENS.paymentNotVerified) : undefined;
  const shown = useTimedMessage(verdict, verify.submittedAt);

  const onSubmit = form.handleSubmit((ids) => verify.mutate(ids));

  const field = (name: 'orderid' | 'paymentid', label: string, prefix: string) => (
    <div className="mb-3">
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <div className="input-group has-validation">
        <span className="input-group-text" id={`${id}-${name}-prefix`}>{prefix}</span>
        <input
          id={`${id}-${name}`}
          className={`form-control${errors[name] ? ' is-invalid' : ''}`}
          aria-describedby={`${id}-${name}-prefix${errors[name] ? ` ${id}-${name}-error` : ''}`}
          autoComplete="off"
          spellCheck={false}
          {...form.register(name)}
        />
        {errors[name] && <div id={`${id}-${name}-error`} className="invalid-feedback">{errors[name]?.message}</div>}
      </div>
    </div>
  );

  return (
    <div className="row">
      <div className="col-lg-6">
        <div className="detail-card">
          <p className="text-muted-strong small">
            Check that a payment was really captured for an order, for example when a customer says they paid.
          </p>
          <form onSubmit={onSubmit} noValidate>
            {field('orderid', 'Order ID', ORDER_ID_PREFIX)}
            {field('paymentid', 'Payment ID', PAYMENT_ID_PREFIX)}
            <button type="submit" className="btn btn-amber" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </button>
          </form>
          <div className="verify-result" role="status" aria-live="polite">
            {shown && (
              <p key={verify.submittedAt} className={`fw-bold mb-0 ${verify.data ? 'verify-ok' : 'verify-bad'}`}>
                {shown}
              </p>
            )}
          </div>
          {verify.isError && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">The check could not be made: {verify.error.message}</div>
          )}
        </div>
      </div>
    </div>
  );
}
