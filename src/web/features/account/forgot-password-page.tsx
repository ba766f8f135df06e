import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../domain/messages';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '../../../domain/schemas/account';
import { BusyButton } from '../../components/busy-button';
import { TextField } from '../../components/text-field';
import { usePageTitle } from '../../lib/use-page-title';
import { accountsApi } from './accounts-api';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, submitCount, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await accountsApi.requestReset(email);
      toast.success(TOASTS.resetSent);
      setSentTo(email);
    } catch {
      toast.error(TOASTS.resetFailed);
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email you shop with and we will send you a link to choose a new password."
      footer={<Link to="/login">Back to login</Link>}
    >
      {sentTo ? (
        <p className="alert alert-success" role="status">
          If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It works once, for one hour.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email?.message} attempt={submitCount} />
        <BusyButton className="btn btn-amber btn-lg w-100" busy={isSubmitting}>
          Reset Password
        </BusyButton>
      </form>
    </AuthCard>
  );
}
