import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_KEYS, SAMPLE_PLACEHOLDER_VALUES } from '../../domain/placeholders';
import { renderMail, renderMailOnce } from './render';

describe('renderMail', () => {
  const values = { customerName: 'Asha <b>"V"</b> & co', orderId: 'ABC123', items: 'Ghee - 500 ml x 1 - Rs. 550\nOil - 250 ml x 2 - Rs. 400' };

  it('fills the subject as plain text on one line', () => {
    const mail = renderMail({ subject: 'Order {{orderId}}\r\nfor {{customerName}}', body: '' }, values);
    expect(mail.subject).toBe('Order ABC123 for Asha <b>"V"</b> & co');
  });

  it('keeps values as they are in the text part and escapes them in the HTML part', () => {
    const mail = renderMail({ subject: 'S', body: 'Hello {{customerName}}' }, values);
    expect(mail.text).toBe('Hello Asha <b>"V"</b> & co');
    expect(mail.html).toContain('Hello Asha &lt;b&gt;&quot;V&quot;&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>');
  });

  it('escapes what the admin typed in the template too', () => {
    const mail = renderMail({ subject: '<i>S</i>', body: '<img src=x onerror=alert(1)> {{orderId}}' }, values);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; ABC123');
    expect(mail.html).toContain('<title>&lt;i&gt;S&lt;/i&gt;</title>');
    expect(mail.html).not.toContain('<img');
  });

  it('leaves unknown and unfilled placeholders visible', () => {
    const mail = renderMail({ subject: '{{nickname}}', body: '{{pincode}} {{ orderId }}' }, values);
    expect(mail.subject).toBe('{{nickname}}');
    expect(mail.text).toBe('{{pincode}} ABC123');
  });

  it('turns blank lines into paragraphs and single breaks into <br>, whatever the line endings', () => {
    const mail = renderMail({ subject: 'S', body: 'Namaste,\r\n\r\nYour items:\r\n{{items}}\r\n\r\nThanks' }, values);
    expect(mail.text).toBe('Namaste,\n\nYour items:\nGhee - 500 ml x 1 - Rs. 550\nOil - 250 ml x 2 - Rs. 400\n\nThanks');
    expect(mail.html).toContain('<p style="margin:0 0 14px">Namaste,</p>');
    expect(mail.html).toContain('Your items:<br>Ghee - 500 ml x 1 - Rs. 550<br>Oil - 250 ml x 2 - Rs. 400</p>');
    expect(mail.html).toContain('<p style="margin:0 0 14px">Thanks</p>');
    expect(mail.html).not.toContain('\r');
  });

  it('makes the template\'s own addresses links in the HTML part only, escaped', () => {
    const mail = renderMail({ subject: 'S', body: 'Reset: https://shop.example/#/reset?email=a%40b.in&token=t"x\n\nHello {{customerName}}' }, { customerName: 'Asha' });
    expect(mail.text).toBe('Reset: https://shop.example/#/reset?email=a%40b.in&token=t"x\n\nHello Asha');
    expect(mail.html).toContain('Reset: <a href="https://shop.example/#/reset?email=a%40b.in&amp;token=t" style="color:#8a4b08">https://shop.example/#/reset?email=a%40b.in&amp;token=t</a>&quot;x');
  });

  it('never links an address that came in through a placeholder, however the template is rendered', () => {
    const name = 'Asha. IMPORTANT: your order is held, verify payment at https://ghee-shop-pay.example/verify';
    const template = { subject: 'Welcome', body: 'Hello {{customerName}},\n\nOpen https://shop.example/account to see {{address}} and {{ orderId }}' };
    const values = { customerName: name, address: 'see http://evil.example/<script> or mailto:x@evil.example', orderId: 'tel:+911234567890' };
    for (const mail of [renderMail(template, values), renderMailOnce(template, values), renderMailOnce(template, { customerName: name })]) {
      expect(mail.html).toContain('Hello Asha. IMPORTANT: your order is held, verify payment at https://ghee-shop-pay.example/verify,');
      expect(mail.html).toContain('Open <a href="https://shop.example/account" style="color:#8a4b08">https://shop.example/account</a> to see');
      expect(mail.html.match(/<a /g)).toHaveLength(1);
      expect(mail.html).not.toContain('<script');
    }
  });

  it('ends a template\'s address where a filled value begins', () => {
    const mail = renderMail({ subject: 'S', body: 'Track https://shop.example{{customerName}}' }, { customerName: '.evil.example/pay' });
    expect(mail.html).toContain('Track <a href="https://shop.example" style="color:#8a4b08">https://shop.example</a>.evil.example/pay');
  });

  it('wraps the body in the branded layout', () => {
    const mail = renderMail({ subject: 'S', body: 'B' }, {});
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('#8a4b08');
    expect(mail.html).toContain('Ghee Shop');
  });

  it('a template taken apart once renders every mail exactly as rendering it whole would', () => {
    const templates = [
      { subject: 'Order {{orderId}} placed', body: 'Namaste {{customerName}},\r\n\r\nYour items:\r\n{{items}}\r\n\r\nTotal {{ totalAmount }}' },
      { subject: '{{customerName}}\n{{receipt}}', body: '{{items}}{{items}}\n\n\n{{address}} {{nickname}} {{ pincode}}' },
      { subject: 'No placeholders', body: '<b>as typed</b> & "quoted" https://shop.example/?a=1&b=2. tel:+911234567890' },
      { subject: '', body: '' },
    ];
    const valueSets = [
      SAMPLE_PLACEHOLDER_VALUES,
      { ...SAMPLE_PLACEHOLDER_VALUES, customerName: 'Asha <b>"V"</b> & co\r\n\r\nnext', address: 'Flat 2\n\nBlock {{orderId}} https://maps.example/?q=a&z=1', items: '' },
      Object.fromEntries(PLACEHOLDER_KEYS.map((key) => [key, `${key}\u0000 $& $1`])),
    ];
    for (const template of templates) {
      for (const values of valueSets) {
        expect(renderMail(template, values)).toEqual(renderMailOnce(template, values));
        // The second time comes from the kept pieces.
        expect(renderMail(template, values)).toEqual(renderMailOnce(template, values));
      }
      const partial = { orderId: 'ABC123' };
      expect(renderMail(template, partial)).toEqual(renderMailOnce(template, partial));
    }
  });
});
