import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { LoadError } from '../../components/load-error';
import { api } from '../../lib/api-client';
import { ACCOUNT_WHATSAPP_KEY, useAccountWhatsapp } from './whatsapp-api';

/** The profile's WhatsApp switch: off also stops messages about orders already placed (as a STOP reply does). */
export function WhatsappPanel() {
  const id = useId();
  const client = useQueryClient();
  const current = useAccountWhatsapp();
  const save = useMutation({
    mutationFn: (whatsappOptIn: boolean) => api.put<{ whatsappOptIn: boolean }>('/api/account/whatsapp', { whatsappOptIn }),
    onSuccess: (saved) => {
      client.setQueryData(ACCOUNT_WHATSAPP_KEY, saved);
      toast.success(saved.whatsappOptIn ? 'WhatsApp updates are on for your next orders.' : 'WhatsApp updates are off, for every order.');
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <div className="card shadow-sm border-0 mt-4">
      <div className="card-body p-4">
        <h2 className="h5">WhatsApp updates</h2>
        {current.isError ? (
          <LoadError onRetry={() => void current.refetch()}>We could not load this setting: {current.error.message}</LoadError>
        ) : (
          <div className="form-check form-switch">
            <input
              id={id}
              className="form-check-input"
              type="checkbox"
              role="switch"
              checked={current.data?.whatsappOptIn ?? false}
              disabled={!current.data || save.isPending}
              aria-describedby={`${id}-help`}
              onChange={(e) => save.mutate(e.target.checked)}
            />
            <label htmlFor={id} className="form-check-label">Send me order updates on WhatsApp</label>
            <div id={`${id}-help`} className="form-text">
              Each order asks again at checkout. Turning this off stops messages about your orders already placed too.
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
