import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS, VALIDATION } from '../../../domain/messages';
import { registerSchema, type RegisterInput } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { showServerFieldErrors } from '../../lib/form-errors';
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      signIn(await accountsApi.register(values));
      toast.success(TOASTS.registerSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(TOASTS.registerFailed);
      showServerFieldErrors(error, values, setError);
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
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" registration={register('emailaddress')} error={errors.emailaddress?.message} attempt={submitCount} />
        <TextField label="Name" autoComplete="name" registration={register('username')} error={errors.username?.message} attempt={submitCount} />
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
