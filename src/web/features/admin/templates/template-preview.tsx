import { useState } from 'react';
import { useTemplatePreview } from '../api/templates-api';
import { useDebounced } from '../ui/use-debounced';

const PREVIEW_DELAY_MS = 400;

// The mail layout is a 600 px table inside a full-width one; phone mail apps fit it to the screen, and so
// does the preview (its own max-width still caps it at 600 px). Appended, not prepended: anything before
// the doctype would put the frame in quirks mode.
const FIT_TO_FRAME = '<style>table table{width:100% !important}</style>';

/**
 * The mail as a customer would read it, placeholders filled with sample values by the server: the HTML
 * part in a fully sandboxed frame (no scripts, no access to this page), or the plain-text part.
 */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const settledSubject = useDebounced(subject, PREVIEW_DELAY_MS);
  const settledBody = useDebounced(body, PREVIEW_DELAY_MS);
  const preview = useTemplatePreview({ subject: settledSubject, body: settledBody });
  const [view, setView] = useState<'html' | 'text'>('html');
  const html = preview.data?.html;
  const showHtml = view === 'html' && !!html;

  return (
    <section className="mail-preview" aria-labelledby="mail-preview-title" aria-busy={preview.isFetching}>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h4 id="mail-preview-title" className="detail-heading mb-0">Preview</h4>
        {html && (
          <div className="btn-group btn-group-sm" role="group" aria-label="Preview format">
            <button type="button" className={`btn ${view === 'html' ? 'btn-amber' : 'btn-outline-amber'}`} aria-pressed={view === 'html'} onClick={() => setView('html')}>
              Formatted
            </button>
            <button type="button" className={`btn ${view === 'text' ? 'btn-amber' : 'btn-outline-amber'}`} aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Plain text
            </button>
          </div>
        )}
      </div>
      {preview.isError && !preview.data ? (
        <p className="text-muted-strong small mb-0">The preview is not available right now: {preview.error.message}</p>
      ) : (
        <div className="mail-preview-frame">
          <p className="mail-preview-subject">
            <span className="text-muted-strong">Subject: </span>
            <span data-testid="preview-subject">{preview.data?.subject ?? ''}</span>
          </p>
          {showHtml ? (
            <iframe className="mail-preview-html" title="Formatted mail preview" sandbox="" srcDoc={html + FIT_TO_FRAME} />
          ) : (
            <div className="mail-preview-body" data-testid="preview-body">{preview.data?.body ?? ''}</div>
          )}
        </div>
      )}
      <p className="small text-muted-strong mt-2 mb-0">Filled with sample order values.</p>
    </section>
  );
}
