import MarkdownIt from 'markdown-it';

// Raw HTML off, so an edited policy can carry no markup or script of its own; links only to the web, mail and phone.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
const SAFE_LINK = /^(https?:|mailto:|tel:)/i;
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

/** Safe HTML of the owner's Markdown (policy pages and their preview). */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}
