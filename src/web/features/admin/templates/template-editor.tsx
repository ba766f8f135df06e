import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import { DEFAULT_TEMPLATE_STATUS, ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import { SCREENS, TOASTS } from '../../../../domain/messages';
import {
  emailTemplateInputSchema,
  type EmailTemplate,
} from '../../../../domain/schemas/email-template';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useSaveTemplate } from '../api/templates-api';
import { useAutoClearErrors } from '../ui/use-auto-clear-errors';
import { PlaceholderChips, useInsertAtCursor } from './placeholder-chips';
import { TemplatePreview } from './template-preview';

type FormValues = z.input<typeof emailTemplateInputSchema>;
type FormOutput = z.output<typeof emailTemplateInputSchema>;
type TextName = 'subject' | 'body';

/** Add (template = null) or update a template, with placeholder chips and a live preview. */
export function TemplateEditor({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const id = useId();
  const adding = template === null;
  const save = useSaveTemplate();
  const [conflict, setConflict] = useState('');
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(emailTemplateInputSchema),
    defaultValues: template
      ? { title: template.title, subject: template.subject, body: template.body, status: template.status, isdefault: template.isdefault }
      : { title: '', subject: '', body: '', status: DEFAULT_TEMPLATE_STATUS, isdefault: false },
  });
  const { register, handleSubmit, setValue, control, formState } = form;
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const { errors } = formState;
  useAutoClearErrors(form);
  const cursor = useInsertAtCursor<TextName>('body', (name, value) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
  );
  const subjectField = register('subject');
  const bodyField = register('body');

  const onSubmit = handleSubmit((values) => {
    setConflict('');
    save.mutate(
      { id: template?.id ?? null, values },
      {
        onSuccess: () => {
          toast.success(adding ? TOASTS.templateAdded : TOASTS.templateUpdated);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) setConflict(SCREENS.templateDuplicate);
          showServerFieldErrors(err, values, form.setError);
          toast.error(adding ? TOASTS.templateAddFailed : TOASTS.templateUpdateFailed);
        },
      },
    );
  });

  const invalid = (name: keyof FormValues) => (errors[name] ? ' is-invalid' : '');
  const errorText = (name: keyof FormValues) =>
    errors[name] ? <div id={`${id}-${name}-error`} className="invalid-feedback">{errors[name]?.message}</div> : null;
  const describedBy = (name: keyof FormValues) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <section className="template-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5 mb-3">{adding ? 'Add Template' : `Edit Template: ${template.title}`}</h3>
      <div className="row g-4">
        <form className="col-lg-7" onSubmit={onSubmit} noValidate>
          <div className="mb-3">
            <label htmlFor={`${id}-t`} className="form-label">Title</label>
            <input id={`${id}-t`} className={`form-control${invalid('title')}`} aria-describedby={describedBy('title')} {...register('title')} />
            {errorText('title')}
          </div>
          <div className="row g-3 mb-3">
            <div className="col-sm-7">
              <label htmlFor={`${id}-st`} className="form-label">Status</label>
              <select id={`${id}-st`} className="form-select" {...register('status')}>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>
                ))}
              </select>
            </div>
            <div className="col-sm-5 d-flex align-items-end">
              <div className="form-check mb-2">
                <input id={`${id}-d`} type="checkbox" className="form-check-input" {...register('isdefault')} />
                <label htmlFor={`${id}-d`} className="form-check-label">Default for this status</label>
              </div>
            </div>
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-s`} className="form-label">Subject</label>
            <input
              id={`${id}-s`}
              className={`form-control${invalid('subject')}`}
              aria-describedby={describedBy('subject')}
              {...subjectField}
              ref={(el) => {
                subjectField.ref(el);
                cursor.bind('subject').track(el);
              }}
              onFocus={cursor.bind('subject').onFocus}
            />
            {errorText('subject')}
          </div>
          <div className="mb-2">
            <label htmlFor={`${id}-b`} className="form-label">Body</label>
            <textarea
              id={`${id}-b`}
              rows={10}
              className={`form-control${invalid('body')}`}
              aria-describedby={describedBy('body')}
              {...bodyField}
              ref={(el) => {
                bodyField.ref(el);
                cursor.bind('body').track(el);
              }}
              onFocus={cursor.bind('body').onFocus}
            />
            {errorText('body')}
          </div>
          <p className="small text-muted-strong mb-1">Placeholders go in at the cursor of the subject or body:</p>
          <PlaceholderChips onInsert={cursor.insert} />
          <div className="d-flex flex-wrap gap-2 mt-4">
            <button type="submit" className="btn btn-amber" disabled={save.isPending}>
              {adding ? 'Add Template' : 'Update Template'}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={onDone}>Cancel</button>
          </div>
          {/* Beside the button just pressed, where it is seen, not above a form scrolled out of view. */}
          {conflict && (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">{conflict}</div>
          )}
        </form>
        <div className="col-lg-5">
          <TemplatePreview subject={subject ?? ''} body={body ?? ''} />
        </div>
      </div>
    </section>
  );
}
