import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { VALIDATION } from '../../../domain/messages';
import { POLICY_ROUTES } from '../../../domain/policies';

interface PoliciesAgreementProps {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  /** Set after Checkout was pressed without the tick. */
  showError: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * "I agree to the Terms and the Refund policy" on the order summary (DESIGN.md §7.2). The policies open in a new tab,
 * so reading them keeps the summary (its coupon, payment mode) as it is.
 */
export function PoliciesAgreement({ agreed, onChange, showError, ref }: PoliciesAgreementProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="form-check mb-3">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className={`form-check-input${showError ? ' is-invalid' : ''}`}
        checked={agreed}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={showError || undefined}
        aria-describedby={showError ? errorId : undefined}
      />
      <label htmlFor={id} className="form-check-label small">
        I agree to the{' '}
        <Link to={POLICY_ROUTES.terms} target="_blank" rel="noopener">
          Terms
        </Link>{' '}
        and the{' '}
        <Link to={POLICY_ROUTES.refunds} target="_blank" rel="noopener">
          Refund policy
        </Link>
      </label>
      {showError ? (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {VALIDATION.policiesAgreementRequired}
        </div>
      ) : null}
    </div>
  );
}
