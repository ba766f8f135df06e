import { Modal } from '../../components/modal';
import { ABOUT_TEXT } from './footer-copy';

/** The footer's About, titled as the footer names it: a chunk of its own, since most visits never open it. */
export function AboutDialog({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose} closeButton>
      {ABOUT_TEXT}
    </Modal>
  );
}
