import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  COD_CONFIRM_HOURS_MAX,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_WORDS,
  messageTemplatesSchema,
  messageValuesLegend,
  type MessageTemplates,
} from '../../../../domain/messages-and-confirmation';
import { settingsSchema, type Settings } from '../../../../domain/schemas/settings';
import { LoadError } from '../../../components/load-error';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useMessageSettings, useSaveMessageTemplates } from '../api/messages-api';
import { useSaveSettings } from '../api/settings-api';
import { LoadingDots } from '../ui/loading-dots';
import { PendingButton } from '../ui/pending-button';

const confirmationSchema = z.object({
  codConfirmation: z.boolean(),
  codConfirmHours: settingsSchema.shape.codConfirmHours.unwrap(),
});
type ConfirmationValues = z.infer<typeof confirmationSchema>;

/** Settings → Messages: COD confirmation, and the WhatsApp template each message is sent with. */
export function MessagesSettingsSection({ settings }: { settings: Settings }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Messages</h3>
      <CodConfirmationForm settings={settings} />
      <hr />
      <TemplatesForm />
    </section>
  );
}

function CodConfirmationForm({ settings }: { settings: Settings }) {
  const id = useId();
  const save = useSaveSettings();
  const form = useForm<ConfirmationValues>({
    resolver: zodResolver(confirmationSchema),
    defaultValues: { codConfirmation: settings.codConfirmation ?? false, codConfirmHours: settings.codConfirmHours ?? 24 },
  });
  const error = form.formState.errors.codConfirmHours?.message;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...settings, ...values },
      {
        onSuccess: (saved) => {
          form.reset({ codConfirmation: saved?.codConfirmation ?? values.codConfirmation, codConfirmHours: saved?.codConfirmHours ?? values.codConfirmHours });
          toast.success('COD confirmation saved.');
        },
        onError: (err) => {
          if (showServerFieldErrors(err, values, form.setError) === 0) toast.error(err.message);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cash on delivery confirmation">
      <div className="form-check form-switch mb-2">
        <input id={`${id}-on`} className="form-check-input" type="checkbox" role="switch" aria-describedby={`${id}-on-help`} {...form.register('codConfirmation')} />
        <label htmlFor={`${id}-on`} className="form-check-label">Cash on delivery orders wait for the customer’s confirmation</label>
        <div id={`${id}-on-help`} className="form-text">
          The customer confirms with the WhatsApp buttons or the link in the order mail; unconfirmed orders are cancelled “Not confirmed”.
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-hours`} className="form-label">Hours to confirm</label>
        <input
          id={`${id}-hours`}
          type="number"
          inputMode="numeric"
          min={1}
          max={COD_CONFIRM_HOURS_MAX}
          step={1}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hours-err` : undefined}
          {...form.register('codConfirmHours', { valueAsNumber: true })}
        />
        {error && <div id={`${id}-hours-err`} className="invalid-feedback">{error}</div>}
      </div>
      <PendingButton className="btn btn-amber" pending={save.isPending}>Save COD confirmation</PendingButton>
    </form>
  );
}

function TemplatesForm() {
  const settings = useMessageSettings();
  if (settings.isPending) return <LoadingDots label="Loading message templates" />;
  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()}>The message templates could not be loaded: {settings.error.message}</LoadError>;
  return <TemplatesFields templates={settings.data.templates} />;
}

function TemplatesFields({ templates }: { templates: MessageTemplates }) {
  const id = useId();
  const save = useSaveMessageTemplates();
  const form = useForm<MessageTemplates>({ resolver: zodResolver(messageTemplatesSchema), defaultValues: templates });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved.templates);
        toast.success('Message templates saved.');
      },
      onError: (err) => toast.error(err.message),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="WhatsApp templates">
      <p className="form-text mt-0">
        The name and language of each approved WhatsApp template, exactly as in WhatsApp Manager. Register each template’s body with the words
        shown under it: the shop sends one value for each {'{{number}}'}, in that order, and Meta refuses a message whose values do not match.
      </p>
      {MESSAGE_KINDS.map((kind) => {
        const nameError = form.formState.errors[kind]?.name?.message;
        const languageError = form.formState.errors[kind]?.language?.message;
        return (
          <fieldset key={kind} className="row g-2 mb-2">
            <legend className="col-12 small fw-semibold mb-0">{MESSAGE_KIND_LABELS[kind]}</legend>
            <div className="col-8">
              <label htmlFor={`${id}-${kind}-n`} className="visually-hidden">{MESSAGE_KIND_LABELS[kind]}: template name</label>
              <input id={`${id}-${kind}-n`} className={`form-control form-control-sm${nameError ? ' is-invalid' : ''}`} aria-invalid={nameError ? true : undefined} {...form.register(`${kind}.name`)} />
              {nameError && <div className="invalid-feedback">{nameError}</div>}
            </div>
            <div className="col-4">
              <label htmlFor={`${id}-${kind}-l`} className="visually-hidden">{MESSAGE_KIND_LABELS[kind]}: language</label>
              <input id={`${id}-${kind}-l`} className={`form-control form-control-sm${languageError ? ' is-invalid' : ''}`} aria-invalid={languageError ? true : undefined} {...form.register(`${kind}.language`)} />
              {languageError && <div className="invalid-feedback">{languageError}</div>}
            </div>
            <p className="col-12 form-text mt-0 mb-1 template-words">
              Body: <span className="user-select-all">{MESSAGE_WORDS[kind]}</span>
              <span className="d-block">{messageValuesLegend(kind)}</span>
              {kind === 'COD_CONFIRMATION' && <span className="d-block">Buttons: two quick replies, Confirm then Cancel.</span>}
            </p>
          </fieldset>
        );
      })}
      <PendingButton className="btn btn-amber mt-2" pending={save.isPending}>Save templates</PendingButton>
    </form>
  );
}
