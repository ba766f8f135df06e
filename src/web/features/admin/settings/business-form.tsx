import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { canonicalStateName, INDIAN_STATES, stateNameOf } from '../../../../domain/india/gst-states';
import { gstinStateCode } from '../../../../domain/india/gstin';
import { BUSINESS_PLACEHOLDER, businessSchema, type Business } from '../../../../domain/schemas/business';
import { fieldErrors } from '../../../../domain/schemas/zod-fields';
import { LoadError } from '../../../components/load-error';
import { maxLengthOf } from '../../../lib/max-length';
import { ApiError } from '../../../lib/api-client';
import { useFirstErrorInView } from '../../../lib/first-error';
import { useBusiness, useSaveBusiness } from '../api/business-api';
import { LoadingDots } from '../ui/loading-dots';
import { PendingButton } from '../ui/pending-button';
import { useFocusRequest, type FocusRequest } from './use-focus-request';

const FIELDS: { name: keyof Business; label: string; hint?: string; type?: string }[] = [
  { name: 'legalName', label: 'Legal name' },
  { name: 'addressLine', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State', hint: 'The state of the address; with a GSTIN, the state it was issued in.' },
  { name: 'pincode', label: 'Pincode' },
  { name: 'gstin', label: 'GSTIN', hint: 'Leave empty if the shop is not GST-registered (bills of supply, no tax).' },
  { name: 'fssai', label: 'FSSAI licence or registration number', hint: '14 digits.' },
  { name: 'carePhone', label: 'Customer care phone', type: 'tel' },
  { name: 'careEmail', label: 'Customer care e-mail', type: 'email' },
  { name: 'grievanceName', label: 'Grievance officer' },
  { name: 'grievanceEmail', label: 'Grievance officer’s e-mail', type: 'email' },
  { name: 'grievancePhone', label: 'Grievance officer’s phone', type: 'tel' },
  { name: 'signatoryName', label: 'Authorised signatory', hint: 'Printed over "Authorised signatory" on invoices and credit notes.' },
  { name: 'signatoryTitle', label: 'Signatory’s title', hint: 'E.g. Proprietor, Partner or Director.' },
];

/** The fields as the form shows them, top to bottom. */
const FIELD_NAMES = FIELDS.map((f) => f.name);

/** The form's label of each field, for the dashboard's list of what is missing. */
export const BUSINESS_FIELD_LABELS = Object.fromEntries(FIELDS.map((f) => [f.name, f.label])) as Record<keyof Business, string>;

/** Fields that may stay empty: no "set me" hint for them. */
const OPTIONAL: ReadonlySet<keyof Business> = new Set(['gstin', 'signatoryName', 'signatoryTitle']);

/** The seller's details of DESIGN.md §7.2: printed on invoices and labels, named on the policy pages. */
export function BusinessSection({ focus }: { focus?: FocusRequest | null }) {
  const business = useBusiness();
  return (
    <section aria-label="Business details">
      {business.isPending && <LoadingDots label="Loading business details" />}
      {business.isError && (
        <LoadError className="mb-0" onRetry={() => void business.refetch()}>
          The business details could not be loaded: {business.error.message}
        </LoadError>
      )}
      {business.data && <BusinessForm business={business.data} focus={focus} />}
    </section>
  );
}

function BusinessForm({ business, focus }: { business: Business; focus: FocusRequest | null | undefined }) {
  const id = useId();
  const save = useSaveBusiness();
  // Placeholders show as empty boxes with "set me" as their hint, so the owner types over nothing.
  const [values, setValues] = useState<Business>(() =>
    Object.fromEntries(
      Object.entries(business).map(([k, v]) => [k, v === BUSINESS_PLACEHOLDER ? '' : k === 'state' ? (canonicalStateName(v) ?? '') : v]),
    ) as Business,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each save that ends with messages: the first field to put right is focused and centred, since on a phone it may be
  // a dozen fields above the button, and focus on the button alone tells a screen reader nothing.
  const [attempt, setAttempt] = useState(0);
  useFirstErrorInView(FIELD_NAMES, errors, attempt, (field) => `${id}-${field}`);
  const refuse = (fields: Record<string, string>) => {
    setErrors(fields);
    setAttempt((n) => n + 1);
  };
  // Sent here by the dashboard's "Fill them in": the first field still to fill, else the first.
  useFocusRequest(focus, () => `${id}-${FIELD_NAMES.find((f) => !OPTIONAL.has(f) && values[f].trim() === '') ?? FIELD_NAMES[0]}`);
  // A GSTIN issued in another state than the address names: said beside the state, with a button to take the
  // GSTIN's state; nothing is changed until the owner picks.
  const gstin = values.gstin.trim().toUpperCase();
  const registered = /^[0-9]{2}[A-Z0-9]{13}$/.test(gstin) ? stateNameOf(gstinStateCode(gstin)) : null;
  const conflict = registered && values.state && registered !== values.state ? registered : null;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = businessSchema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues(saved);
        toast.success('Business details saved');
      },
      onError: (error) => {
        if (error instanceof ApiError) refuse(error.fields);
        toast.error(error.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Business details</h3>
      <p className="small text-muted-strong">
        Printed on every tax invoice and product label and named on the policy pages. Invoices are issued only once these
        are filled in.
      </p>
      <div className="row g-3">
        {FIELDS.map((f) => (
          <div key={f.name} className="col-md-6">
            <label htmlFor={`${id}-${f.name}`} className="form-label">
              {f.label}
            </label>
            {f.name === 'state' ? (
              <select
                id={`${id}-${f.name}`}
                className={`form-select${errors[f.name] ? ' is-invalid' : ''}`}
                value={values.state}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={`${id}-${f.name}-help`}
                onChange={(e) => setValues({ ...values, state: e.target.value })}
              >
                <option value="">Choose the state or union territory</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s.code} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${f.name}`}
                type={f.type ?? 'text'}
                className={`form-control${errors[f.name] ? ' is-invalid' : ''}`}
                placeholder={OPTIONAL.has(f.name) ? undefined : BUSINESS_PLACEHOLDER}
                maxLength={maxLengthOf(businessSchema.shape[f.name])}
                value={values[f.name]}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={`${id}-${f.name}-help`}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            )}
            <div id={`${id}-${f.name}-help`} className={errors[f.name] ? 'invalid-feedback d-block' : 'form-text'}>
              {errors[f.name] ?? f.hint}
            </div>
            {f.name === 'state' && conflict ? (
              <div className="small mt-1" role="status">
                The GSTIN is registered in {conflict}.{' '}
                <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => {
                  setValues({ ...values, state: conflict });
                  setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([field]) => field !== 'state')));
                }}>
                  Use {conflict}
                </button>
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <PendingButton className="btn btn-amber mt-3" pending={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save business details'}
      </PendingButton>
    </form>
  );
}
