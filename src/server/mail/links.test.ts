import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../domain/placeholders';
import { linkAddresses } from './links';

const link = (address: string) => `<a href="${address}" style="color:#8a4b08">${address}</a>`;
const linked = (text: string) => linkAddresses(escapeHtml(text));

describe('linkAddresses', () => {
  it('links web, mail and phone addresses, keeping the escaped & of a query', () => {
    expect(linked('Open https://shop.example/resetpassword?email=a%40b.in&token=t1 now')).toBe(
      `Open ${link('https://shop.example/resetpassword?email=a%40b.in&amp;token=t1')} now`,
    );
    expect(linked('http://localhost:3000/x')).toBe(link('http://localhost:3000/x'));
    expect(linked('Write to mailto:care@ghee.example or call tel:+919812345678')).toBe(
      `Write to ${link('mailto:care@ghee.example')} or call ${link('tel:+919812345678')}`,
    );
    expect(linked('HTTPS://SHOP.EXAMPLE/A')).toBe(link('HTTPS://SHOP.EXAMPLE/A'));
  });

  it('leaves other schemes and bare scheme names as text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example/a', 'vbscript:msgbox', 'https:// nothing', 'mailto: nobody', 'xhttps://a.example']) {
      expect(linked(text), text).toBe(escapeHtml(text));
    }
  });

  it('ends an address at a quote, an angle bracket, a space or the punctuation after it', () => {
    expect(linked('<https://a.example/x>')).toBe(`&lt;${link('https://a.example/x')}&gt;`);
    expect(linked('See https://a.example/"onmouseover="alert(1)')).toBe(`See ${link('https://a.example/')}&quot;onmouseover=&quot;alert(1)`);
    expect(linked("'https://a.example/q'")).toBe(`&#39;${link('https://a.example/q')}&#39;`);
    expect(linked('Visit https://a.example/shop.')).toBe(`Visit ${link('https://a.example/shop')}.`);
    expect(linked('(see https://a.example/a), then')).toBe(`(see ${link('https://a.example/a')}), then`);
    expect(linked('https://en.example/wiki/Ghee_(food)')).toBe(link('https://en.example/wiki/Ghee_(food)'));
    expect(linked('https://a.example/?q=1&')).toBe(`${link('https://a.example/?q=1')}&amp;`);
    expect(linked('line https://a.example/a\nhttps://a.example/b')).toBe(`line ${link('https://a.example/a')}\n${link('https://a.example/b')}`);
  });
});
