import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { canonicalStateName } from '../../../domain/india/gst-states';
import { TOASTS } from '../../../domain/messages';
import { profileFormSchema, type ProfileForm, type PublicUser } from '../../../domain/schemas/account';
import { LoginRequired } from '../../components/login-required';
import { StateSelect } from '../../components/state-select';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { maxLengthOf } from '../../lib/max-length';
import { usePageTitle } from '../../lib/use-page-title';
import { updateSessionUser, useSession } from '../session/session-store';
import { DistrictChoicesList, districtChoicesProps } from '../delivery/district-choices';
import { usePlaceFromPincode } from '../delivery/pincode-state';
import { accountsApi } from './accounts-api';
import { SessionsPanel } from './sessions-panel';
import { WhatsappPanel } from './whatsapp-panel';

type ProfileKey = Exclude<keyof ProfileForm, 'currentpassword'>;

const FIELDS: { key: ProfileKey; label: string }[] = [
  { key: 'username', label: 'Name' },
  { key: 'emailaddress', label: 'Email' },
  { key: 'mobilenumber', label: 'Mobile number' },
  { key: 'address', label: 'Address' },
  { key: 'pincode', label: 'Pincode' },
  { key: 'district', label: 'District' },
  { key: 'state', label: 'State' },
];

const DISTRICT_CHOICES_ID = 'account-district-choices';

export function AccountPage() {
  usePageTitle('Your account');
  const session = useSession();
  // 'closed' after the form closes: focus goes back to Edit, where the keyboard left off, not to the page's start.
  const [editing, setEditing] = useState<boolean | 'closed'>(false);
  if (!session) return <LoginRequired title="Your account" />;
  const { user } = session;

  return (
    <section className="container py-4 py-md-5 page-narrow">
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">
        <h1 className="display-6 mb-0">Your account</h1>
        <Link to="/orders" className="btn btn-outline-amber">
          Your Orders
        </Link>
      </div>
      <div className="card shadow-sm border-0">
        <div className="card-body p-4">
          {editing === true ? (
            <ProfileEditor user={user} onDone={() => setEditing('closed')} />
          ) : (
            <ProfileView user={user} onEdit={() => setEditing(true)} focusEdit={editing === 'closed'} />
          )}
        </div>
      </div>
      <WhatsappPanel />
      <SessionsPanel />
    </section>
  );
}

function ProfileView({ user, onEdit, focusEdit }: { user: PublicUser; onEdit: () => void; focusEdit: boolean }) {
  const edit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) edit.current?.focus();
  }, [focusEdit]);
  return (
    <>
      <h2 className="h5 mb-3">Profile</h2>
      <dl className="row mb-4 profile-list">
        {FIELDS.map(({ key, label }) => (
          <div key={key} className="col-sm-6 mb-3">
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0 fw-semibold">{user[key] || <span className="text-body-secondary fw-normal">Not added yet</span>}</dd>
          </div>
        ))}
      </dl>
      <button ref={edit} type="button" className="btn btn-amber" onClick={onEdit}>
        Edit
      </button>
    </>
  );
}

function ProfileEditor({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { register, handleSubmit, formState, control, setError, getValues, setValue, setFocus } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      ...(Object.fromEntries(FIELDS.map(({ key }) => [key, user[key] ?? ''])) as ProfileForm),
      // A state typed before the list existed is kept when the list knows it, else chosen again.
      state: canonicalStateName(user.state ?? '') ?? '',
      currentpassword: '',
    },
  });
  const { errors, submitCount, isSubmitting } = formState;
  // The form replaces the Edit button that had focus: the first field takes it, and the form's name is read with it.
  useEffect(() => setFocus('username'), [setFocus]);
  // As at checkout: an empty state or district is filled from the pincode.
  const { fillFromPincode, districtChoices } = usePlaceFromPincode(
    (field) => getValues(field),
    (field, value) => setValue(field, value, { shouldValidate: submitCount > 0 }),
  );
  // Asked for only when the address changes (DESIGN.md §7.1): a new address is how an account is taken over.
  const changingEmail = useWatch({ control, name: 'emailaddress' }).trim().toLowerCase() !== user.emailaddress;

  const onSubmit = handleSubmit(async ({ currentpassword, ...values }) => {
    try {
      const answer = await accountsApi.updateProfile(changingEmail && currentpassword ? { ...values, currentpassword } : values);
      updateSessionUser(answer.user);
      if (answer.pendingEmail) toast.info(TOASTS.emailChangeSent(answer.pendingEmail), { autoClose: false });
      else toast.success(TOASTS.profileUpdated);
      onDone();
    } catch (error) {
      if (!showServerFieldErrors(error, { ...values, currentpassword }, setError)) {
        toast.error(error instanceof ApiError && error.status < 500 ? error.message : TOASTS.profileFailed);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="edit-profile-heading">
      <h2 className="h5 mb-3" id="edit-profile-heading">
        Edit profile
      </h2>
      <div className="row">
        {FIELDS.map(({ key, label }) =>
          key === 'state' ? (
            <StateSelect key={key} className="col-sm-6 mb-3" registration={register('state')} error={errors.state?.message} attempt={submitCount} />
          ) : (
            <TextField
              key={key}
              className={key === 'address' ? 'col-12 mb-3' : 'col-sm-6 mb-3'}
              label={label}
              type={key === 'emailaddress' ? 'email' : key === 'mobilenumber' ? 'tel' : 'text'}
              inputMode={key === 'pincode' ? 'numeric' : undefined}
              maxLength={maxLengthOf(profileFormSchema.shape[key])}
              registration={key === 'pincode' ? register('pincode', { onBlur: (event: { target: { value: string } }) => fillFromPincode(event.target.value) }) : register(key)}
              error={errors[key]?.message}
              attempt={submitCount}
              {...(key === 'district' ? districtChoicesProps(districtChoices, DISTRICT_CHOICES_ID) : {})}
            />
          ),
        )}
        <DistrictChoicesList choices={districtChoices} id={DISTRICT_CHOICES_ID} />
        {changingEmail ? (
          <TextField
            className="col-sm-6 mb-3"
            label="Current password (to change your email)"
            type="password"
            autoComplete="current-password"
            registration={register('currentpassword')}
            error={errors.currentpassword?.message}
            attempt={submitCount}
          />
        ) : null}
      </div>
      {changingEmail ? (
        <p className="small text-body-secondary">
          We will send a confirmation link to the new address; your email changes when you open it.
        </p>
      ) : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-amber" disabled={isSubmitting}>
          Save Changes
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
