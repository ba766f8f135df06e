import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { shopProfileSchema, type ShopProfile } from '../../../../domain/schemas/shop-profile';
import { fieldErrors } from '../../../../domain/schemas/zod-fields';
import { LoadError } from '../../../components/load-error';
import { maxLengthOf } from '../../../lib/max-length';
import { ApiError } from '../../../lib/api-client';
import { useFirstErrorInView } from '../../../lib/first-error';
import { useAdminShopProfile, useSaveShopProfile } from '../api/shop-profile-api';
import { LoadingDots } from '../ui/loading-dots';
import { PendingButton } from '../ui/pending-button';
import { useFocusRequest, type FocusRequest } from './use-focus-request';

const FIELDS: { name: keyof ShopProfile; label: string; hint: string; type?: string; wide?: boolean }[] = [
  { name: 'shopName', label: 'Shop name', hint: 'Shown in the header, on the home page and in the footer.' },
  { name: 'tagline', label: 'Tagline', hint: 'The home page’s headline, e.g. “Pure ghee, slow-cooked the old way”.' },
  { name: 'description', label: 'About the shop', hint: 'A sentence or two under the headline and in the footer.', wide: true },
  { name: 'whatsappNumber', label: 'WhatsApp number', hint: 'A 10-digit mobile number; empty hides the WhatsApp button.', type: 'tel' },
  { name: 'instagramUrl', label: 'Instagram address', hint: 'E.g. https://www.instagram.com/yourshop or @yourshop; empty hides the icon.' },
  { name: 'facebookUrl', label: 'Facebook address', hint: 'E.g. https://www.facebook.com/yourshop; empty hides the icon.' },
];

const FIELD_NAMES = FIELDS.map((f) => f.name);

/** The contacts the dashboard's reminder names while they are empty. */
const CONTACTS = ['whatsappNumber', 'instagramUrl', 'facebookUrl'] as const;

/** Settings → Shop profile: the shop's name and words, and where customers can reach it. */
export function ShopProfileSection({ focus }: { focus?: FocusRequest | null }) {
  const profile = useAdminShopProfile();
  return (
    <section aria-label="Shop profile">
      {profile.isPending && <LoadingDots label="Loading the shop profile" />}
      {profile.isError && (
        <LoadError className="mb-0" onRetry={() => void profile.refetch()}>
          The shop profile could not be loaded: {profile.error.message}
        </LoadError>
      )}
      {profile.data && <ShopProfileForm profile={profile.data} focus={focus} />}
    </section>
  );
}

function ShopProfileForm({ profile, focus }: { profile: ShopProfile; focus: FocusRequest | null | undefined }) {
  const id = useId();
  const save = useSaveShopProfile();
  const [values, setValues] = useState<ShopProfile>(profile);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // As in the business details: each save that ends with messages takes the owner to the first field to put right.
  const [attempt, setAttempt] = useState(0);
  useFirstErrorInView(FIELD_NAMES, errors, attempt, (field) => `${id}-${field}`);
  const refuse = (fields: Record<string, string>) => {
    setErrors(fields);
    setAttempt((n) => n + 1);
  };
  // Sent here by the dashboard's "Open the shop profile": the first contact still empty, else the first field.
  useFocusRequest(focus, () => `${id}-${CONTACTS.find((f) => values[f].trim() === '') ?? FIELD_NAMES[0]}`);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = shopProfileSchema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        toast.success('Shop profile saved');
      },
      onError: (error) => {
        if (error instanceof ApiError) refuse(error.fields);
        toast.error(error.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Shop profile</h3>
      <p className="small text-muted-strong">
        The shop’s name and home page words, and where customers can reach you. A contact button or icon shows only once
        its number or address is set.
      </p>
      <div className="row g-3">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'col-12' : 'col-md-6'}>
            <label htmlFor={`${id}-${f.name}`} className="form-label">
              {f.label}
            </label>
            <input
              id={`${id}-${f.name}`}
              type={f.type ?? 'text'}
              className={`form-control${errors[f.name] ? ' is-invalid' : ''}`}
              value={values[f.name]}
              maxLength={maxLengthOf(shopProfileSchema.shape[f.name])}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={`${id}-${f.name}-help`}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
            <div id={`${id}-${f.name}-help`} className={errors[f.name] ? 'invalid-feedback d-block' : 'form-text'}>
              {errors[f.name] ?? f.hint}
            </div>
          </div>
        ))}
      </div>
      <PendingButton className="btn btn-amber mt-3" pending={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save shop profile'}
      </PendingButton>
    </form>
  );
}
