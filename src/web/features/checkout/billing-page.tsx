import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../domain/messages';
import { canonicalStateName } from '../../../domain/india/gst-states';
import { OWN_GSTIN_MESSAGE } from '../../../domain/india/gstin';
import { billingPageSchema, type BillingForm, type BillingPageForm, type PublicUser } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { StateSelect } from '../../components/state-select';
import { TextField, textFieldId } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { bringIntoView, useFirstErrorInView } from '../../lib/first-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { maxLengthOf } from '../../lib/max-length';
import { usePublicBusiness } from '../../lib/public-business';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, signIn } from '../account/accounts-api';
import { useCart } from '../cart/cart-store';
import { updateSessionUser, useSession } from '../session/session-store';
import { DistrictChoicesList, districtChoicesProps } from '../delivery/district-choices';
import { pincodeStateMismatch, usePlaceFromPincode, type PincodeStateMismatch } from '../delivery/pincode-state';
import { getBilling, getBusinessBuyer, saveBilling } from './checkout-draft';
import { CheckoutSteps } from './checkout-steps';
import { EmailCodePanel } from './email-code-panel';
import { NoCartItems } from './no-cart-items';

const FIELDS: { key: keyof BillingForm; label: string; type?: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'mobilenumber', label: 'Mobile number', type: 'tel', autoComplete: 'tel-national' },
  { key: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
  { key: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'district', label: 'District', autoComplete: 'address-level2' },
];

/** The fields as the page shows them, top to bottom. */
const FIELD_ORDER: (keyof BillingPageForm)[] = [...FIELDS.map((f) => f.key), 'gstin', 'businessName'];

const DISTRICT_CHOICES_ID = 'billing-district-choices';

function prefill(user: PublicUser | undefined): BillingPageForm {
  const saved = getBilling();
  const business = getBusinessBuyer();
  return {
    name: saved?.name || user?.username || '',
    email: saved?.email || user?.emailaddress || '',
    mobilenumber: saved?.mobilenumber || user?.mobilenumber || '',
    pincode: saved?.pincode || user?.pincode || '',
    address: saved?.address || user?.address || '',
    // A state typed before the list existed is kept when the list knows it, else chosen again.
    state: canonicalStateName(saved?.state || user?.state || '') ?? '',
    district: saved?.district || user?.district || '',
    businessInvoice: !!business?.gstin,
    gstin: business?.gstin ?? '',
    businessName: business?.businessName ?? '',
  };
}

/** "Use Maharashtra": one button for each state the pincode lies in (India Post names more than one for a few). */
function StateFixes({ states, onPick }: { states: readonly string[]; onPick: (state: string) => void }) {
  return (
    <div className="d-flex flex-wrap gap-2 mt-1">
      {states.map((state) => (
        <button key={state} type="button" className="btn btn-sm btn-outline-amber field-fix" onClick={() => onPick(state)}>
          Use {state}
        </button>
      ))}
    </div>
  );
}

async function rememberAddress(user: PublicUser, billing: BillingForm): Promise<void> {
  try {
    const answer = await accountsApi.updateProfile({
      username: user.username || billing.name,
      // The account's own address: a billing e-mail that differs is not an e-mail change.
      emailaddress: user.emailaddress,
      mobilenumber: user.mobilenumber || billing.mobilenumber,
      address: billing.address,
      pincode: billing.pincode,
      state: billing.state,
      district: billing.district,
    });
    updateSessionUser(answer.user);
  } catch {
    // The profile stays as it was; the customer can fill it in under Account.
  }
}

export function BillingPage() {
  usePageTitle('Billing details');
  const session = useSession();
  const lines = useCart();
  const navigate = useNavigate();
  const seller = usePublicBusiness();
  // The address the last "taken" answer was about: its owner may go on with a mailed code.
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  // The pincode's own state, offered as a one-click fix while the chosen state disagrees with it.
  const [stateMismatch, setStateMismatch] = useState<PincodeStateMismatch | null>(null);
  const { register, handleSubmit, formState, setError, clearErrors, setFocus, control, getValues, setValue } = useForm<BillingPageForm>({
    resolver: zodResolver(billingPageSchema),
    defaultValues: prefill(session?.user),
  });
  const { errors, submitCount, isSubmitting } = formState;
  // react-hook-form focuses the first invalid field before the messages render; the messages then push it out of
  // sight (or under the sticky header) after a keyboard submit. Once they are on screen the field is centred.
  useFirstErrorInView(FIELD_ORDER, errors, submitCount, textFieldId);
  const businessInvoice = useWatch({ control, name: 'businessInvoice' });

  // A pincode typed with the state or district still empty: India Post's directory fills them in.
  const { fillFromPincode, districtChoices } = usePlaceFromPincode(
    (field) => getValues(field),
    (field, value) => setValue(field, value, { shouldValidate: submitCount > 0 }),
  );
  // Registered in the fields' loop below, not here: react-hook-form focuses the first invalid field in the order
  // fields were registered, and that must be the order they are shown in (Name first, not Pincode).
  const pincodeField = () => register('pincode', { onBlur: (event: { target: { value: string } }) => fillFromPincode(event.target.value) });

  const onSubmit = handleSubmit(async ({ businessInvoice: wantsGstin, gstin, businessName, ...billing }: BillingPageForm) => {
    setEmailTaken(null);
    setStateMismatch(null);
    // Said here rather than when the order is placed; the server refuses it as well.
    if (wantsGstin && gstin === seller.data?.gstin) {
      setError('gstin', { type: 'server', message: OWN_GSTIN_MESSAGE }, { shouldFocus: true });
      return;
    }
    const mismatch = await pincodeStateMismatch(billing.pincode, billing.state);
    if (mismatch) {
      setStateMismatch(mismatch);
      // As for an empty field: the customer is taken to the mistake, which on a phone is far above Next.
      setError('pincode', { type: 'server', message: mismatch.message }, { shouldFocus: true });
      bringIntoView(textFieldId('pincode'));
      return;
    }
    if (!session) {
      // A visitor gets an account on the fly and goes on only when that worked (SPEC.md §4).
      try {
        signIn(await accountsApi.registerOnProcess(billing));
        toast.info('We made you an account with this email. Check your inbox for a link to set your password.');
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // The panel that opens says what happened and what to do; the server's 409 wording (pinned by the
          // original client's contract) would only contradict it in a toast.
          setEmailTaken(billing.email.trim().toLowerCase());
        } else if (!showServerFieldErrors(error, getValues(), setError)) {
          toast.error(error instanceof Error ? error.message : TOASTS.registerFailed);
        }
        return;
      }
    }
    // A signed-up account starts without an address: its first checkout's becomes the profile's, so the next checkout
    // is filled in. A convenience only: if it fails, the order goes on all the same.
    if (session && !session.user.address) void rememberAddress(session.user, billing);
    saveBilling(billing, wantsGstin ? { gstin, businessName } : null);
    navigate('/checkoutorder');
  });

  const pickState = (state: string) => {
    setValue('state', state, { shouldValidate: submitCount > 0 });
    clearErrors('pincode');
    setStateMismatch(null);
    // The button goes away with the mistake: focus lands on the state it changed.
    setFocus('state');
  };

  if (lines.length === 0) {
    return <NoCartItems title="Billing details" />;
  }

  return (
    <section className="container py-4 py-md-5 page-medium">
      <CheckoutSteps current={1} />
      <h1 className="display-6 mb-2">Billing details</h1>
      <p className="text-body-secondary">Where should we deliver your ghee? Every field is needed for delivery.</p>
      {!session ? (
        <p className="small">
          Shopped with us before? <Link to="/login?next=%2Fcheckoutbilling">Log in</Link> to fill this in from your profile.
        </p>
      ) : null}
      {emailTaken ? (
        <EmailCodePanel
          key={emailTaken}
          email={emailTaken}
          onSignedIn={(answer) => {
            signIn(answer);
            const { businessInvoice: wantsGstin, gstin, businessName, ...billing } = getValues();
            saveBilling(billing, wantsGstin ? { gstin, businessName } : null);
            toast.success(`Welcome back, ${answer.user.username}. Your order will be in your account.`);
            navigate('/checkoutorder');
          }}
        />
      ) : null}
      <form onSubmit={onSubmit} noValidate className="card shadow-sm border-0">
        <div className="card-body p-4 row">
          {FIELDS.map((f) =>
            f.key === 'state' ? (
              <StateSelect key={f.key} className="col-md-6 mb-3" registration={register('state')} error={errors.state?.message} attempt={submitCount} />
            ) : (
              <TextField
                key={f.key}
                className={f.wide ? 'col-12 mb-3' : 'col-md-6 mb-3'}
                label={f.label}
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete}
                inputMode={f.key === 'mobilenumber' || f.key === 'pincode' ? 'numeric' : undefined}
                maxLength={maxLengthOf(billingPageSchema.shape[f.key])}
                registration={f.key === 'pincode' ? pincodeField() : register(f.key)}
                error={errors[f.key]?.message}
                attempt={submitCount}
                {...(f.key === 'district' ? districtChoicesProps(districtChoices, DISTRICT_CHOICES_ID) : {})}
                {...(f.key === 'pincode' && stateMismatch ? { fix: <StateFixes states={stateMismatch.states} onPick={pickState} /> } : {})}
              />
            ),
          )}
          <DistrictChoicesList choices={districtChoices} id={DISTRICT_CHOICES_ID} />
          <div className="col-12 mb-3">
            <div className="form-check">
              <input id="field-businessInvoice" type="checkbox" className="form-check-input" aria-controls="business-buyer" aria-expanded={businessInvoice} {...register('businessInvoice')} />
              <label htmlFor="field-businessInvoice" className="form-check-label">
                Add GSTIN for a business invoice
              </label>
            </div>
            <div className="form-text">Registered under GST? Your tax invoice will name your business and GSTIN, so you can claim the input tax credit.</div>
          </div>
          {businessInvoice ? (
            <div id="business-buyer" className="col-12 row mx-0 px-0">
              <TextField
                className="col-md-6 mb-3"
                label="GSTIN"
                autoComplete="off"
                spellCheck={false}
                style={{ textTransform: 'uppercase' }}
                maxLength={15}
                registration={register('gstin')}
                error={errors.gstin?.message}
                attempt={submitCount}
              />
              <TextField
                className="col-md-6 mb-3"
                label="Business name (as registered)"
                autoComplete="organization"
                maxLength={maxLengthOf(billingPageSchema.shape.businessName)}
                registration={register('businessName')}
                error={errors.businessName?.message}
                attempt={submitCount}
              />
            </div>
          ) : null}
          <div className="col-12 d-flex justify-content-between gap-2 flex-wrap">
            <Link to="/cart" className="btn btn-outline-amber">
              Back to cart
            </Link>
            <BusyButton className="btn btn-amber btn-lg px-5" busy={isSubmitting}>
              Next
            </BusyButton>
          </div>
        </div>
      </form>
    </section>
  );
}
