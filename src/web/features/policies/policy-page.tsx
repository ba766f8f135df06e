import { useParams } from 'react-router';
import { POLICY_DESCRIPTIONS, POLICY_KEYS, POLICY_TITLES, type PolicyKey } from '../../../domain/policies';
import { LoadError } from '../../components/load-error';
import { NotFoundPage } from '../../components/not-found-page';
import { Spinner } from '../../components/spinner';
import { renderMarkdown } from '../../lib/markdown';
import { usePageTitle } from '../../lib/use-page-title';
import { usePolicies } from './policies-api';

const isPolicy = (x: string | undefined): x is PolicyKey => (POLICY_KEYS as readonly string[]).includes(x ?? '');

/** The owner's Markdown, rendered safe (raw HTML off). */
export function PolicyText({ policy }: { policy: PolicyKey }) {
  const policies = usePolicies();
  if (policies.isPending) return <Spinner label="Loading…" />;
  if (policies.isError) {
    return <LoadError onRetry={() => void policies.refetch()}>This page could not be loaded: {policies.error.message}</LoadError>;
  }
  // Safe to insert: markdown-it with raw HTML off and only http(s), mailto and tel links.
  return <div className="policy-text" dangerouslySetInnerHTML={{ __html: renderMarkdown(policies.data[policy]) }} />;
}

function PolicyScreen({ policy }: { policy: PolicyKey }) {
  usePageTitle(POLICY_TITLES[policy], POLICY_DESCRIPTIONS[policy]);
  return (
    <section className="container py-4 py-md-5 page-narrow" aria-label={POLICY_TITLES[policy]}>
      <PolicyText policy={policy} />
    </section>
  );
}

/** /policy/shipping, /policy/refunds, /policy/terms, /policy/privacy. */
export function PolicyPage() {
  const { policy } = useParams();
  if (!isPolicy(policy) || policy === 'contact') return <NotFoundPage />;
  return <PolicyScreen policy={policy} />;
}

/** /contact. */
export function ContactPage() {
  return <PolicyScreen policy="contact" />;
}
