import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { AccountSession } from '../../../domain/schemas/account';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { api } from '../../lib/api-client';
import { logOutEverywhere } from '../session/log-out';

const SESSIONS_KEY = ['account-sessions'] as const;

const seenFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** "Active now" for the last few minutes, else the time in shop time: last seen is kept to the minute. */
function lastSeen(session: AccountSession, now = Date.now()): string {
  if (session.current || now - Date.parse(session.lastSeenAt) < 5 * 60_000) return 'Active now';
  return `Last seen ${seenFormat.format(new Date(session.lastSeenAt))}`;
}

/** The Account page's signed-in devices: end any one, or all of them with "Sign out everywhere". */
export function SessionsPanel() {
  const client = useQueryClient();
  const [confirmAll, setConfirmAll] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api.get<AccountSession[]>('/api/account/sessions') });
  const end = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('That device is signed out.'),
    onError: () => toast.error('We could not sign that device out. Please try again.'),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });

  const signOutEverywhere = async () => {
    setLeaving(true);
    try {
      await logOutEverywhere();
    } catch {
      setLeaving(false);
      setConfirmAll(false);
      toast.error('We could not sign you out everywhere. Please try again.');
    }
  };

  return (
    <div className="card shadow-sm border-0 mt-4">
      <div className="card-body p-4">
        <h2 className="h5 mb-1">Where you are signed in</h2>
        <p className="text-body-secondary small mb-3">If you see a device you do not know, sign it out and change your password.</p>
        {sessions.isPending ? (
          <Spinner label="Loading your devices…" />
        ) : sessions.isError ? (
          <LoadError onRetry={() => void sessions.refetch()}>We could not load your devices just now.</LoadError>
        ) : (
          <ul className="list-group list-group-flush mb-3" aria-label="Signed-in devices">
            {sessions.data.map((session) => (
              <li key={session.id} className="list-group-item px-0 d-flex justify-content-between align-items-center gap-2 flex-wrap">
                <div>
                  <div className="fw-semibold">
                    {session.device}
                    {session.current ? <span className="badge text-bg-success ms-2">This device</span> : null}
                  </div>
                  <div className="small text-body-secondary">{lastSeen(session)}</div>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={end.isPending && end.variables === session.id}
                    aria-label={`Sign out ${session.device}`}
                    onClick={() => end.mutate(session.id)}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmAll(true)}>
          Sign out everywhere
        </button>
      </div>
      {confirmAll ? (
        <ConfirmDialog
          title="Sign out everywhere?"
          confirmLabel="Sign out everywhere"
          busy={leaving}
          onConfirm={() => void signOutEverywhere()}
          onCancel={() => setConfirmAll(false)}
        >
          Every device signed in to your account, this one included, will be signed out. You can log in again with your
          password.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
