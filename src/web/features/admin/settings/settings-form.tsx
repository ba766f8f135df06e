import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../../domain/messages';
import { settingsSchema, type Settings } from '../../../../domain/schemas/settings';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useSaveSettings } from '../api/settings-api';
import { PlaceholderChips, useInsertAtCursor } from '../templates/placeholder-chips';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';
import { PendingButton } from '../ui/pending-button';

type TextName = 'intialsubject' | 'intialbody';

/** The mail switches and the order-placed mail's initial subject and body. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const id = useId();
  const save = useSaveSettings();
  const form = useForm<Settings>({ resolver: zodResolver(settingsSchema), defaultValues: settings });
  const { register, handleSubmit, setValue, formState } = form;
  const { errors } = formState;
  useAutoClearErrors(form);
  const cursor = useInsertAtCursor<TextName>('intialbody', (name, value) => setValue(name, value, { shouldDirty: true }));
  const subjectField = register('intialsubject');
  const bodyField = register('intialbody');

  const onSubmit = handleSubmit((values) =>
    // The threshold has its own form (stock-threshold-form.tsx): left out, the server keeps what that form saved.
    save.mutate({ ...values, lowStockThreshold: undefined }, {
      onSuccess: (saved) => {
        form.reset(saved && typeof saved === 'object' ? saved : values);
        toast.success(TOASTS.settingsUpdated);
      },
      onError: (err) => {
        showServerFieldErrors(err, values, form.setError);
        toast.error(TOASTS.settingsFailed);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Email settings</h3>
      <div className="form-check form-switch mb-2">
        <input id={`${id}-admin`} type="checkbox" role="switch" className="form-check-input" {...register('emailsetting')} />
        <label htmlFor={`${id}-admin`} className="form-check-label">Email setting for admin</label>
        <div className="form-text">Send the shop a copy of every order and status e-mail.</div>
      </div>
      <div className="form-check form-switch mb-3">
        <input id={`${id}-cust`} type="checkbox" role="switch" className="form-check-input" {...register('customeremail')} />
        <label htmlFor={`${id}-cust`} className="form-check-label">Customer email setting</label>
        <div className="form-text">Send customers their order and status e-mails.</div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-s`} className="form-label">Initial subject</label>
        <input
          id={`${id}-s`}
          className={`form-control${errors.intialsubject ? ' is-invalid' : ''}`}
          {...subjectField}
          ref={(el) => {
            subjectField.ref(el);
            cursor.bind('intialsubject').track(el);
          }}
          onFocus={cursor.bind('intialsubject').onFocus}
        />
        {errors.intialsubject && <div className="invalid-feedback">{errors.intialsubject.message}</div>}
      </div>
      <div className="mb-2">
        <label htmlFor={`${id}-b`} className="form-label">Initial body</label>
        <textarea
          id={`${id}-b`}
          rows={8}
          className={`form-control${errors.intialbody ? ' is-invalid' : ''}`}
          {...bodyField}
          ref={(el) => {
            bodyField.ref(el);
            cursor.bind('intialbody').track(el);
          }}
          onFocus={cursor.bind('intialbody').onFocus}
        />
        {errors.intialbody && <div className="invalid-feedback">{errors.intialbody.message}</div>}
        <div className="form-text">Sent when an order is placed.</div>
      </div>
      <PlaceholderChips onInsert={cursor.insert} />
      <PendingButton className="btn btn-amber mt-3" pending={save.isPending}>Save Settings</PendingButton>
    </form>
  );
}
