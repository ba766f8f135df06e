import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { SCREENS, TOASTS, VALIDATION } from '../../../domain/messages';
import { passwordProblem } from '../../../domain/password-rules';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, signIn } from './accounts-api';
import { AuthCard } from './auth-card';

/**
 * Reached from the mailed link `/resetpassword?email=…&token=…` (with `&first=1` from the welcome mail, where the
 * customer sets a first password rather than resetting one); success signs the customer in.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const first = params.get('first') === '1';
  usePageTitle(first ? 'Set your password' : 'Choose a new password');
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, submitCount, isSubmitting } = formState;
  const [failure, setFailure] = useState('');

  if (!email) {
    return (
      <AuthCard title="Reset your password" footer={<Link to="/forgotpassword">Ask for a new link</Link>}>
        <p className="alert alert-warning mb-0" role="alert">
          {SCREENS.noEmailProvided}
        </p>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure('');
    // The form's schema knows no e-mail; the link does.
    const problem = passwordProblem(password, { email });
    if (problem) {
      setError('password', { message: problem });
      return;
    }
    try {
      signIn(await accountsApi.resetPassword({ email, token, password }));
      toast.success(TOASTS.loginSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(TOASTS.resetFailed);
      // A password the server finds easy to guess: said under the field; the link still works for another.
      if (error instanceof ApiError && error.status === 400 && error.fields.password && !error.fields.token) {
        setError('password', { message: error.fields.password });
      } else setFailure(resetFailure(error));
    }
  });

  return (
    <AuthCard title={first ? 'Set your password' : 'Choose a new password'} footer={<Link to="/forgotpassword">Ask for a new link</Link>}>
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {failure} <Link to="/forgotpassword" className="alert-link">Ask for a new link</Link>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <div className="mb-3">
          <label htmlFor="reset-email" className="form-label">
            Email
          </label>
          <input id="reset-email" type="email" className="form-control" value={email} readOnly />
        </div>
        <TextField
          label={first ? 'Password' : 'New password'}
          type="password"
          autoComplete="new-password"
          hint={VALIDATION.newPasswordHint}
          registration={register('password')}
          error={errors.password?.message}
          attempt={submitCount}
        />
        <BusyButton className="btn btn-amber btn-lg w-100" busy={isSubmitting}>
          {first ? 'Set password' : 'Reset Password'}
        </BusyButton>
      </form>
    </AuthCard>
  );
}

/** The toast is SPEC.md's; the page says why and what to do: a link works once and only for a while. */
function resetFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.fields.token) {
    return 'This reset link has already been used or has expired, so your password was not changed. A link works once, for a limited time.';
  }
  return `${error instanceof Error ? error.message : 'The password could not be changed.'} Your password was not changed.`;
}
