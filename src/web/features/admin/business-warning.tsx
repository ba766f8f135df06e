import { businessIsFilled } from '../../../domain/schemas/business';
import { useBusiness } from './api/business-api';

/** Until the seller's details are filled in, no invoice can be issued and the labels name nobody: say so. */
export function BusinessWarning({ onOpenSettings }: { onOpenSettings: () => void }) {
  const business = useBusiness();
  if (!business.data || businessIsFilled(business.data)) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <span>
        <strong>Business details are not filled in.</strong> Tax invoices are held back and product labels show “set me” until they are.
      </span>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onOpenSettings}>
        Fill them in
      </button>
    </div>
  );
}
