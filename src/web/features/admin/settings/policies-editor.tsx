import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { fillPolicy, POLICY_KEYS, POLICY_TITLES, type Policies, type PolicyKey } from '../../../../domain/policies';
import { LoadError } from '../../../components/load-error';
import { renderMarkdown } from '../../../lib/markdown';
import { usePolicyTexts, useSavePolicies } from '../api/policies-api';
import { useBusiness } from '../api/business-api';
import { LoadingDots } from '../ui/loading-dots';
import { PendingButton } from '../ui/pending-button';

/** The five policy pages as Markdown, one at a time, with a preview of the page as customers will see it. */
export function PoliciesSection() {
  const texts = usePolicyTexts();
  return (
    <section aria-label="Policy pages">
      {texts.isPending && <LoadingDots label="Loading policy pages" />}
      {texts.isError && (
        <LoadError className="mb-0" onRetry={() => void texts.refetch()}>
          The policy pages could not be loaded: {texts.error.message}
        </LoadError>
      )}
      {texts.data && <PoliciesEditor initial={texts.data} />}
    </section>
  );
}

function PoliciesEditor({ initial }: { initial: Policies }) {
  const id = useId();
  const [texts, setTexts] = useState<Policies>(initial);
  const [current, setCurrent] = useState<PolicyKey>('shipping');
  const [error, setError] = useState('');
  const save = useSavePolicies();
  const business = useBusiness();
  const preview = business.data ? fillPolicy(texts[current], business.data) : texts[current];

  function submit(e: React.FormEvent) {
    e.preventDefault();
    save.mutate(texts, {
      onSuccess: () => {
        setError('');
        toast.success('Policy pages saved');
      },
      onError: (err) => {
        setError(err.message);
        toast.error(err.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="detail-heading">Policy pages</h3>
      <p className="small text-muted-strong">
        Markdown. <code>{'{{legalName}}'}</code>, <code>{'{{careEmail}}'}</code>, <code>{'{{grievanceName}}'}</code> and the other business
        details are filled in when the page is shown. HTML is not allowed; links may be http, https, mailto or tel.
      </p>
      <label htmlFor={`${id}-page`} className="form-label">Page</label>
      <select id={`${id}-page`} className="form-select mb-3" value={current} onChange={(e) => setCurrent(e.target.value as PolicyKey)}>
        {POLICY_KEYS.map((k) => (
          <option key={k} value={k}>
            {POLICY_TITLES[k]}
          </option>
        ))}
      </select>
      <div className="row g-3">
        <div className="col-lg-6">
          <label htmlFor={`${id}-text`} className="form-label">Markdown</label>
          <textarea
            id={`${id}-text`}
            className={`form-control font-monospace${error ? ' is-invalid' : ''}`}
            rows={16}
            value={texts[current]}
            onChange={(e) => setTexts({ ...texts, [current]: e.target.value })}
          />
          {error && <div className="invalid-feedback d-block" role="alert">{error}</div>}
        </div>
        <div className="col-lg-6">
          <p className="form-label mb-2">Preview</p>
          {/* Safe to insert: markdown-it with raw HTML off and only http(s), mailto and tel links. */}
          <div className="policy-text border rounded p-3 small" dangerouslySetInnerHTML={{ __html: renderMarkdown(preview) }} />
        </div>
      </div>
      <PendingButton className="btn btn-amber mt-3" pending={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save policy pages'}
      </PendingButton>
    </form>
  );
}
