import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { accountsApi } from '../account/accounts-api';

interface EmailCodePanelProps {
  email: string;
  /** Called once the code signed the customer in to the address's account. */
  onSignedIn: (answer: Awaited<ReturnType<typeof accountsApi.verifyEmailCode>>) => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * The billing address is an account's already (a guest checking out again): a six-digit code mailed to it lets the
 * customer go on without the password they never chose.
 */
export function EmailCodePanel({ email, onSignedIn }: EmailCodePanelProps) {
  const codeId = useId();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // It opens in answer to Next, which on a phone is a screen or two below: the customer is taken to it, its first
  // words at the top when it was out of view, and left where it is when it is in view.
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  async function send() {
    setBusy(true);
    setError('');
    try {
      const answer = await accountsApi.requestEmailCode(email);
      setChallenge(answer.challenge);
      setSent(answer.message);
      setCode('');
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!challenge) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Type the 6 digits from the mail.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSignedIn(await accountsApi.verifyEmailCode({ email, challenge, code: code.trim() }));
    } catch (err) {
      setError(message(err));
      setBusy(false);
    }
  }

  return (
    <div ref={panel} tabIndex={-1} className="alert alert-warning" role="region" aria-label="This email already has an account">
      <p className="mb-2">
        <strong>{email}</strong> already has an account with us, perhaps from an earlier order. Continue with a code we mail to it, or{' '}
        <Link to="/login?next=%2Fcheckoutbilling" className="alert-link">
          log in with your password
        </Link>
        , or use another email.
      </p>
      {challenge ? (
        <form onSubmit={verify} noValidate className="d-flex flex-wrap align-items-end gap-2">
          <p className="w-100 small mb-1" role="status">
            {sent}
          </p>
          <div>
            <label htmlFor={codeId} className="form-label mb-1">
              6-digit code
            </label>
            <input
              id={codeId}
              className={`form-control${error ? ' is-invalid' : ''}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ maxWidth: '10rem', letterSpacing: '0.2em' }}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-describedby={error ? `${codeId}-error` : undefined}
              aria-invalid={!!error}
            />
          </div>
          <BusyButton className="btn btn-amber" busy={busy}>
            Continue
          </BusyButton>
          <button type="button" className="btn btn-link" onClick={send} disabled={busy}>
            Send a new code
          </button>
          {error ? (
            <div id={`${codeId}-error`} className="w-100 text-danger small" role="alert">
              {error}
            </div>
          ) : null}
        </form>
      ) : (
        <>
          <BusyButton type="button" className="btn btn-amber" busy={busy} onClick={send}>
            Mail me a code
          </BusyButton>
          {error ? (
            <div className="text-danger small mt-2" role="alert">
              {error}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
