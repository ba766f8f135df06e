import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { sessionTimeLeft, setSession, useSession } from '../../features/session/session-store';

/** Signs the customer out when the session runs out: 20 minutes, or 7 days with Remember me (SPEC.md §4). */
export function useSessionExpiry(): void {
  const session = useSession();
  useEffect(() => {
    if (!session) return undefined;
    const timer = window.setTimeout(() => {
      setSession(null);
      toast.info('Your session has ended. Please log in again.', { toastId: 'session-ended' });
    }, sessionTimeLeft(session));
    return () => window.clearTimeout(timer);
  }, [session]);
}
