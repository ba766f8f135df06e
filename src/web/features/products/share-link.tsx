import type { MouseEvent } from 'react';
import { toast } from 'react-toastify';
import { ShareIcon } from '../../components/icons';

/**
 * Shares the product's crawlable page, whose link preview shows the bottle, its name and price: the phone's share
 * sheet where there is one, else the link is copied. The element is a real link to that page, so a crawler follows
 * it and a browser without either way simply opens it.
 */
export function ShareLink({ name, path }: { name: string; path: string }) {
  async function share(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      event.preventDefault();
      // Closing the share sheet rejects: nothing to say about that.
      await navigator.share({ title: name, url }).catch(() => undefined);
      return;
    }
    if (navigator.clipboard) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url);
        toast.success('Link copied. Paste it in a chat or a post.', { toastId: 'link-copied' });
      } catch {
        window.location.assign(url);
      }
    }
  }

  return (
    <a href={path} className="btn btn-link text-decoration-none px-0 d-inline-flex align-items-center gap-1" onClick={share}>
      <ShareIcon size={18} />
      Share<span className="visually-hidden"> {name}</span>
    </a>
  );
}
