import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../domain/messages';
import { billingFormSchema, type BillingForm, type PublicUser } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, signIn } from '../account/accounts-api';
import { useCart } from '../cart/cart-store';
import { useSession } from '../session/session-store';
import { getBilling, saveBilling } from './checkout-draft';
import { CheckoutSteps } from './checkout-steps';
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

function prefill(user: PublicUser | undefined): BillingForm {
  const saved = getBilling();
  return {
    name: saved?.name || user?.username || '',
    email: saved?.email || user?.emailaddress || '',
    mobilenumber: saved?.mobilenumber || user?.mobilenumber || '',
    pincode: saved?.pincode || user?.pincode || '',
    address: saved?.address || user?.address || '',
    state: saved?.state || user?.state || '',
    district: saved?.district || user?.district || '',
  };
}

export function BillingPage() {
  usePageTitle('Billing details');
  const session = useSession();
  const lines = useCart();
  const navigate = useNavigate();
  const [emailTaken, setEmailTaken] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<BillingForm>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: prefill(session?.user),
  });
  const { errors, submitCount, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (billing) => {
    setEmailTaken(false);
    if (!session) {
      // A visitor gets an account on the fly and goes on only when that worked (SPEC.md §4).
      try {
        signIn(await accountsApi.registerOnProcess(billing));
        toast.info('We made you an account with this email. Check your inbox for a link to set your password.');
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          toast.error(TOASTS.guestRegisterExists);
          setEmailTaken(true);
        } else if (!showServerFieldErrors(error, billing, setError)) {
          toast.error(error instanceof Error ? error.message : TOASTS.registerFailed);
        }
        return;
      }
    }
    saveBilling(billing);
    navigate('/checkoutorder');
  });

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
        <div className="alert alert-warning" role="alert">
          {TOASTS.guestRegisterExists}: this email already has an account, perhaps from an earlier order.{' '}
          <Link to="/login?next=%2Fcheckoutbilling" className="alert-link">
            Log in to continue
          </Link>
          . Never chose a password (you checked out as a guest)?{' '}
          <Link to="/forgotpassword" className="alert-link">
            Forgot password
          </Link>{' '}
          mails you a link to set one. Or use another email.
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="card shadow-sm border-0">
        <div className="card-body p-4 row">
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              className={f.wide ? 'col-12 mb-3' : 'col-md-6 mb-3'}
              label={f.label}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              inputMode={f.key === 'mobilenumber' || f.key === 'pincode' ? 'numeric' : undefined}
              registration={register(f.key)}
              error={errors[f.key]?.message}
              attempt={submitCount}
            />
          ))}
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
