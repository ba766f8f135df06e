import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../domain/messages';
import { loginSchema, type LoginInput } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, safeNext, signIn } from './accounts-api';
import { AuthCard } from './auth-card';

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The sign-in link mailed when wrong passwords lock the account: it carries the address and a token that lets
  // the owner in despite the lock.
  const unlock = params.get('unlock') ?? '';
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get('email') ?? '', password: '', remember: false },
  });
  const { errors, submitCount, isSubmitting } = formState;
  // A failure belongs to the visit it happened on: opening the mailed link afterwards starts afresh.
  const [failed, setFailed] = useState({ message: '', unlock });
  const failure = failed.unlock === unlock ? failed.message : '';
  const setFailure = (message: string) => setFailed({ message, unlock });

  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      const answer = await accountsApi.login(unlock ? { ...values, unlock } : values);
      signIn(answer, values.remember === true);
      toast.success(TOASTS.loginSuccess);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      toast.error(TOASTS.loginFailed);
      setFailure(loginFailure(error));
    }
  });

  return (
    <AuthCard
      title="Welcome back"
      intro="Log in to check out faster and follow your orders."
      footer={
        <>
          New here? <Link to="/register">Sign Up</Link>
        </>
      }
    >
      {unlock ? (
        <div className="alert alert-info" role="status">
          You opened the sign-in link we e-mailed you. Enter your password: this page signs you in even while sign-ins to
          your account are paused.
        </div>
      ) : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email?.message} attempt={submitCount} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          attempt={submitCount}
        />
        <div className="d-flex justify-content-between align-items-center mb-4 flex-wrap gap-2">
          <div className="form-check">
            <input className="form-check-input" type="checkbox" id="remember" {...register('remember')} />
            <label className="form-check-label" htmlFor="remember">
              Remember me
            </label>
          </div>
          <Link to="/forgotpassword">Forgot password?</Link>
        </div>
        <BusyButton className="btn btn-amber btn-lg w-100" busy={isSubmitting}>
          Login
        </BusyButton>
      </form>
    </AuthCard>
  );
}

/** The toast is SPEC.md's; the page also says what happened and what to do next. */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'The email or password is not right. Check both and try again, or use Forgot password to set a new password.';
  }
  // Too many attempts, the shop unreachable: the server's (or the client's) own words say what to do.
  return error instanceof Error ? error.message : 'Logging in did not work. Please try again.';
}
