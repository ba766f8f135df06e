import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'react-toastify';
import { LoadError } from '../../components/load-error';
import { api } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';
import { useMyOrders } from '../orders/my-orders-api';
import { useSession } from '../session/session-store';
import { ACCOUNT_WHATSAPP_KEY, useAccountWhatsapp } from './whatsapp-api';
import { whatsappStanding } from './whatsapp-standing';

/**
 * The profile's WhatsApp switch: the choice each checkout's box starts from. Off also stops messages about orders
 * already placed (as a STOP reply does); while it is off, orders ticked at checkout are named, with a way to stop them.
 */
export function WhatsappPanel() {
  const id = useId();
  const client = useQueryClient();
  const current = useAccountWhatsapp();
  const orders = useMyOrders(useSession()?.user.emailaddress);
  const toggle = useRef<HTMLInputElement>(null);
  // "Stop those too" goes once its orders are stopped: the keyboard goes back to the switch, not to the page's start.
  const backToSwitch = useRef(false);
  const save = useMutation({
    mutationFn: (whatsappOptIn: boolean) => api.put<{ whatsappOptIn: boolean }>('/api/account/whatsapp', { whatsappOptIn }),
    onSuccess: (saved) => {
      client.setQueryData(ACCOUNT_WHATSAPP_KEY, saved);
      toast.success(saved.whatsappOptIn ? 'WhatsApp updates are on for your next orders.' : 'WhatsApp updates are off, for every order.');
    },
    onError: (err) => toast.error(err.message),
    // Off clears the orders' own answers: their list is read again.
    onSettled: () => client.invalidateQueries({ queryKey: MY_ORDERS_KEY }),
  });
  // After the render that enables the switch again (a disabled one takes no focus).
  useEffect(() => {
    if (!backToSwitch.current || save.isPending) return;
    backToSwitch.current = false;
    toggle.current?.focus();
  }, [save.isPending]);

  const optIn = current.data?.whatsappOptIn ?? false;
  const standing = whatsappStanding(optIn, orders.data);
  const showOrdersError = current.data && !optIn && orders.isError;
  return (
    <div className="card shadow-sm border-0 mt-4">
      <div className="card-body p-4">
        <h2 className="h5">WhatsApp updates</h2>
        {current.isError ? (
          <LoadError onRetry={() => void current.refetch()}>We could not load this setting: {current.error.message}</LoadError>
        ) : (
          <>
            <div className="form-check form-switch">
              <input
                ref={toggle}
                id={id}
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={optIn}
                disabled={!current.data || save.isPending}
                aria-describedby={standing.notice ? `${id}-help ${id}-orders` : `${id}-help`}
                onChange={(e) => save.mutate(e.target.checked)}
              />
              <label htmlFor={id} className="form-check-label">
                Send me order updates on WhatsApp
              </label>
              <div id={`${id}-help`} className="form-text">
                {current.data ? standing.help : null}
              </div>
            </div>
            {standing.notice ? (
              <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mt-3 mb-0" data-testid="whatsapp-orders-still-messaged">
                <span id={`${id}-orders`} className="me-auto">
                  {standing.notice}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-dark"
                  disabled={save.isPending}
                  aria-describedby={`${id}-orders`}
                  onClick={() => save.mutate(false, { onSuccess: () => (backToSwitch.current = true) })}
                >
                  Stop those too
                </button>
              </div>
            ) : null}
            {showOrdersError ? (
              <LoadError className="mt-3 mb-0" onRetry={() => void orders.refetch()}>
                We could not check which of your orders get WhatsApp updates.
              </LoadError>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
