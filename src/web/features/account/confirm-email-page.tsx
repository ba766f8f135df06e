import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VALIDATION } from '../../../domain/messages';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { getSession, updateSessionUser } from '../session/session-store';
import { accountsApi } from './accounts-api';
import { AuthCard } from './auth-card';

/** Reached from the link mailed to a new address, `/confirm-email?token=…`: the account takes that address. */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your email address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => accountsApi.confirmEmail(token),
    onSuccess: (answer) => {
      const session = getSession();
      if (session) updateSessionUser({ ...session.user, emailaddress: answer.emailaddress });
    },
  });
  // The link is single use: confirm once, even when React runs effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm, token]);

  const footer = <Link to="/account">Go to your account</Link>;
  if (!token || confirm.isError) {
    const message = confirm.error instanceof ApiError && confirm.error.status < 500 ? confirm.error.message : VALIDATION.emailChangeLinkInvalid;
    return (
      <AuthCard title="Confirm your email address" footer={footer}>
        <p className="alert alert-warning mb-0" role="alert">
          {message.replace(/\.$/, "")}. Change the address again on your account page to get a new link.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email address" footer={footer}>
      {confirm.isSuccess ? (
        <p className="alert alert-success mb-0" role="status">
          {confirm.data.message} Use it to log in from now on.
        </p>
      ) : (
        <Spinner label="Confirming your new address…" />
      )}
    </AuthCard>
  );
}
