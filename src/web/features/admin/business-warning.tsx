import { useEffect, useState } from 'react';
import { missingBusinessFields } from '../../../domain/schemas/business';
import { missingProfileFields } from '../../../domain/schemas/shop-profile';
import { useBusiness } from './api/business-api';
import { useAdminShopProfile } from './api/shop-profile-api';
import { BUSINESS_FIELD_LABELS } from './settings/business-form';
import type { SettingsSection } from './settings/use-focus-request';

const DISMISSED_KEY = 'ghee-shop.profile-reminder-dismissed';

/** The contact links the owner said the shop goes without, as the reminder named them when it was put away. */
function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(fields: string[]): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(fields));
  } catch {
    // Storage blocked (private mode): the reminder stays away for this visit only.
  }
}

interface BusinessWarningProps {
  /** Opens Settings with the keyboard on the form a reminder names. */
  onOpenSettings: (section: SettingsSection) => void;
  /** Where the keyboard goes once the reminder is put away (its own buttons go with it). */
  onDismissed: () => void;
}

/**
 * Until the seller's details are filled in, no invoice can be issued and the labels name nobody: that warning stays
 * until they are. Until the shop profile names a contact, customers see no way to reach the shop; but a shop may
 * have no Facebook page, or want no WhatsApp button, so that reminder can be put away (in this browser). It comes
 * back for a link that is emptied after it was set.
 */
export function BusinessWarning({ onOpenSettings, onDismissed }: BusinessWarningProps) {
  const business = useBusiness();
  const profile = useAdminShopProfile();
  const [dismissed, setDismissed] = useState(readDismissed);
  const businessMissing = business.data ? missingBusinessFields(business.data).map((f) => BUSINESS_FIELD_LABELS[f]) : [];
  const profileMissing = profile.data ? missingProfileFields(profile.data) : [];
  // A link set since is no longer put away: emptied again later, it is news again.
  const [seen, setSeen] = useState(profile.data);
  if (profile.data !== seen) {
    setSeen(profile.data);
    const still = profile.data ? dismissed.filter((f) => profileMissing.includes(f)) : dismissed;
    if (still.length !== dismissed.length) setDismissed(still);
  }
  useEffect(() => writeDismissed(dismissed), [dismissed]);
  const remind = profileMissing.some((f) => !dismissed.includes(f));
  const dismiss = () => {
    setDismissed(profileMissing);
    onDismissed();
  };
  return (
    <>
      {businessMissing.length > 0 ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
          <p className="mb-0">
            <strong>Business details are not filled in.</strong> Tax invoices are held back and product labels show “set me”
            until they are. Missing: {businessMissing.join(', ')}.
          </p>
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => onOpenSettings('business')}>
            Fill them in
          </button>
        </div>
      ) : null}
      {remind ? (
        <div className="alert alert-warning d-flex align-items-start gap-2" role="status">
          <div className="d-flex flex-wrap align-items-center gap-2 flex-grow-1">
            <p className="mb-0">
              <strong>The shop profile has no {profileMissing.join(', ')}.</strong> Customers see no button or icon for{' '}
              {profileMissing.length === 1 ? 'it until it is' : 'them until they are'} set.
            </p>
            <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => onOpenSettings('profile')}>
              Open the shop profile
            </button>
          </div>
          <button type="button" className="btn-close flex-shrink-0" aria-label="Dismiss the shop profile reminder" onClick={dismiss} />
        </div>
      ) : null}
    </>
  );
}
