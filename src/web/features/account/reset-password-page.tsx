import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { SCREENS, TOASTS } from '../../../domain/messages';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi, signIn } from './accounts-api';
import { AuthCard } from './auth-card';

/** Reached from the mailed link `#/resetpassword?email=…&token=…`; success signs the customer in. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, submitCount, isSubmitting } = formState;

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
    try {
      signIn(await accountsApi.resetPassword({ email, token, password }));
      toast.success(TOASTS.loginSuccess);
      navigate('/', { replace: true });
    } catch {
      toast.error(TOASTS.resetFailed);
    }
  });

  return (
    <AuthCard title="Choose a new password" footer={<Link to="/forgotpassword">Ask for a new link</Link>}>
      <form onSubmit={onSubmit} noValidate>
        <div className="mb-3">
          <label htmlFor="reset-email" className="form-label">
            Email
          </label>
          <input id="reset-email" type="email" className="form-control" value={email} readOnly />
        </div>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          attempt={submitCount}
        />
        <BusyButton className="btn btn-amber btn-lg w-100" busy={isSubmitting}>
          Reset Password
        </BusyButton>
      </form>
    </AuthCard>
  );
}
