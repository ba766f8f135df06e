import { lazy, Suspense } from 'react';
import { Modal } from '../../components/modal';
import { FOOTER_TOPIC_BODIES } from './footer-copy';
import { FOOTER_TOPIC_TITLES, type FooterTopic } from './footer-topics';
import { loadScreen } from './screen-chunks';

// The Markdown renderer loads with the owner's pages, not with the About text. A failed fetch is told apart from a
// bug, as the footer's own chunk is, so the customer hears to check the connection.
const PolicyText = lazy(async () => ({ default: (await loadScreen(() => import('../../features/policies/policy-page'))).PolicyText }));

/** The footer's modal for one topic: a chunk of its own, since most visits never open it. */
export function FooterTopicDialog({ topic, onClose }: { topic: FooterTopic; onClose: () => void }) {
  const body = FOOTER_TOPIC_BODIES[topic];
  return (
    <Modal title={FOOTER_TOPIC_TITLES[topic]} onClose={onClose} closeButton>
      {/* Terms and Privacy are the owner's policy pages (DESIGN.md §7.2); About stays the shop's own words. */}
      {topic === 'terms' || topic === 'privacy' ? (
        <Suspense fallback={body}>
          <PolicyText policy={topic} />
        </Suspense>
      ) : (
        body
      )}
    </Modal>
  );
}
