import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS, VALIDATION } from '../../../domain/messages';
import { registerSchema, type RegisterInput } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { maxLengthOf } from '../../lib/max-length';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, signIn } from './accounts-api';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { emailaddress: '', username: '', mobilenumber: '', password: '' },
  });
  const { errors, submitCount, isSubmitting } = formState;
  // The address the last 409 was about: it has an account, so the way on is to log in (or reset the password).
  const [takenEmail, setTakenEmail] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setTakenEmail(null);
    try {
      signIn(await accountsApi.register(values));
      toast.success(TOASTS.registerSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      // The toast's words are SPEC.md's, which the original client shows; the page says what to do.
      toast.error(TOASTS.registerFailed);
      if (error instanceof ApiError && error.status === 409) setTakenEmail(values.emailaddress.trim());
      else showServerFieldErrors(error, values, setError);
    }
  });

  return (
    <AuthCard
      title="Create your account"
      intro="Save your address once and follow every order."
      footer={
        <>
          Already have an account? <Link to="/login">Log in</Link>
        </>
      }
    >
      {takenEmail ? (
        <p className="alert alert-warning small" role="status" data-testid="register-email-taken">
          <span className="typed-text">{takenEmail}</span> already has an account.{' '}
          <Link to={`/login?email=${encodeURIComponent(takenEmail)}`}>Log in</Link> with it, or{' '}
          <Link to="/forgotpassword">reset your password</Link> if you have forgotten it.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" maxLength={maxLengthOf(registerSchema.shape.emailaddress)} registration={register('emailaddress')} error={errors.emailaddress?.message} attempt={submitCount} />
        <TextField label="Name" autoComplete="name" maxLength={maxLengthOf(registerSchema.shape.username)} registration={register('username')} error={errors.username?.message} attempt={submitCount} />
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          registration={register('mobilenumber')}
          error={errors.mobilenumber?.message}
          attempt={submitCount}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={VALIDATION.newPasswordHint}
          registration={register('password')}
          error={errors.password?.message}
          attempt={submitCount}
        />
        <BusyButton className="btn btn-amber btn-lg w-100" busy={isSubmitting}>
          Sign Up
        </BusyButton>
      </form>
    </AuthCard>
  );
}
