import { missingBusinessFields } from '../../../domain/schemas/business';
import { missingProfileFields } from '../../../domain/schemas/shop-profile';
import { useBusiness } from './api/business-api';
import { useAdminShopProfile } from './api/shop-profile-api';
import { BUSINESS_FIELD_LABELS } from './settings/business-form';

/**
 * Until the seller's details are filled in, no invoice can be issued and the labels name nobody; until the shop
 * profile names a contact, customers see no way to reach the shop. Say what is missing.
 */
export function BusinessWarning({ onOpenSettings }: { onOpenSettings: () => void }) {
  const business = useBusiness();
  const profile = useAdminShopProfile();
  const businessMissing = business.data ? missingBusinessFields(business.data).map((f) => BUSINESS_FIELD_LABELS[f]) : [];
  const profileMissing = profile.data ? missingProfileFields(profile.data) : [];
  if (businessMissing.length === 0 && profileMissing.length === 0) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <div>
        {businessMissing.length > 0 ? (
          <p className="mb-1">
            <strong>Business details are not filled in.</strong> Tax invoices are held back and product labels show “set me”
            until they are. Missing: {businessMissing.join(', ')}.
          </p>
        ) : null}
        {profileMissing.length > 0 ? (
          <p className="mb-0">
            <strong>The shop profile has no {profileMissing.join(', ')}.</strong> Customers see no button or icon for{' '}
            {profileMissing.length === 1 ? 'it' : 'them'} until it is set.
          </p>
        ) : null}
      </div>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onOpenSettings}>
        Fill them in
      </button>
    </div>
  );
}
