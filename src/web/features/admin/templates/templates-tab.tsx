import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { SCREENS, TOASTS } from '../../../../domain/messages';
import { ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import type { EmailTemplate } from '../../../../domain/schemas/email-template';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { useDeleteTemplate, useTemplates } from '../api/templates-api';
import { LoadingDots } from '../ui/loading-dots';
import { TemplateEditor } from './template-editor';

type Editing = { mode: 'add' } | { mode: 'edit'; template: EmailTemplate } | null;

/** Email Template manager: list, add, update, delete (SPEC.md §2 tab 2, §5, §8). */
export function TemplatesTab() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<EmailTemplate | null>(null);
  const [defaultBlocked, setDefaultBlocked] = useState(false);

  useEffect(() => {
    if (templates.isError) toast.error(TOASTS.templatesFailed, { toastId: 'templates-failed' });
  }, [templates.isError]);

  function askDelete(template: EmailTemplate) {
    if (template.isdefault) setDefaultBlocked(true);
    else setConfirming(template);
  }

  function confirmDelete() {
    const template = confirming;
    setConfirming(null);
    if (!template) return;
    remove.mutate(template, {
      onSuccess: () => toast.success(TOASTS.templateDeleted),
      onError: (err) => {
        // Someone made it the default meanwhile: the server refuses, the screen explains why.
        if (err instanceof ApiError && err.status === 409) setDefaultBlocked(true);
        else toast.error(TOASTS.templateDeleteFailed);
      },
    });
  }

  if (editing) {
    return (
      <TemplateEditor
        key={editing.mode === 'edit' ? editing.template.id : 'new'}
        template={editing.mode === 'edit' ? editing.template : null}
        onDone={() => setEditing(null)}
      />
    );
  }

  // A failed load shows an empty list, as the spec's screen does.
  const list = templates.data ?? [];
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <p className="mb-0 text-muted-strong">
          The default template of each status is mailed when an order moves to that status.
        </p>
        <button type="button" className="btn btn-amber" onClick={() => setEditing({ mode: 'add' })}>
          Add Template
        </button>
      </div>
      {templates.isPending && <LoadingDots label="Loading templates" />}
      {!templates.isPending && list.length === 0 && <p className="empty-state">No email templates yet.</p>}
      <ul className="template-list list-unstyled" aria-label="Email templates">
        {list.map((t) => (
          <li key={t.id} className="template-item">
            <div className="template-item-text">
              <h3 className="template-title">{t.title}</h3>
              <div className="d-flex flex-wrap gap-2 mb-1">
                <span className="status-badge status-neutral">{ORDER_STATUS_LABELS[t.status]}</span>
                {t.isdefault && <span className="status-badge status-default">Default</span>}
              </div>
              <p className="template-subject mb-0">{t.subject}</p>
            </div>
            <div className="template-item-actions">
              <button
                type="button"
                className="btn btn-sm btn-outline-amber"
                aria-label={`Edit ${t.title}`}
                onClick={() => setEditing({ mode: 'edit', template: t })}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Delete ${t.title}`}
                onClick={() => askDelete(t)}
                disabled={remove.isPending}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>

      {defaultBlocked && (
        <Modal title={SCREENS.deleteDefaultTitle} onClose={() => setDefaultBlocked(false)}>
          <p className="mb-0">{SCREENS.deleteDefaultText}</p>
        </Modal>
      )}
      {confirming && (
        <ConfirmDialog title="Delete template" confirmLabel="Delete" onConfirm={confirmDelete} onCancel={() => setConfirming(null)}>
          <p className="mb-0">Delete the template “{confirming.title}”? This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
