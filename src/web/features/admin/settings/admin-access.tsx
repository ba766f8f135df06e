import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { emailField } from '../../../../domain/schemas/fields';
import { useAdminAccess } from '../api/settings-api';
import { PendingButton } from '../ui/pending-button';

/** Grant or revoke admin access by e-mail address; both buttons wait for an address. */
export function AdminAccess() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const access = useAdminAccess();
  const empty = email.trim() === '';

  function submit(revoke: boolean) {
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setError('');
    access.mutate(
      { emailaddress: parsed.data, revoke },
      {
        onSuccess: (message) => {
          toast.success(typeof message === 'string' && message ? message : revoke ? 'Admin access revoked' : 'Admin access granted');
        },
        onError: (err) => {
          setError(err.message);
          toast.error(err.message);
        },
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Admin access</h3>
      <p className="small text-muted-strong">
        Give a registered customer access to this dashboard, or take it away. The change applies on their next request.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) submit(false);
        }}
      >
        <label htmlFor={`${id}-e`} className="form-label">Email address</label>
        <input
          id={`${id}-e`}
          type="email"
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError('');
          }}
          aria-describedby={error ? `${id}-err` : undefined}
          autoComplete="off"
        />
        {error && <div id={`${id}-err`} className="invalid-feedback" role="alert">{error}</div>}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <PendingButton className="btn btn-amber" disabled={empty} pending={access.isPending}>Grant Admin Access</PendingButton>
          <PendingButton type="button" className="btn btn-outline-danger" disabled={empty} pending={access.isPending} onClick={() => submit(true)}>
            Revoke Admin Access
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
