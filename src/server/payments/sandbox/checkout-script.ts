// The sandbox's stand-in for Razorpay's checkout.js, served at /sandbox/checkout.js. It offers the same
// page API (`new Razorpay(options).open()`, `.on('payment.failed', cb)`, `.close()`) and a card dialog.
//
// It is kept as source text rather than a module because the server is bundled for production and the
// browser needs it as a standalone script under the shop's CSP (script-src 'self', no inline handlers):
// every listener is attached with addEventListener, and styles are one injected <style> element plus
// element.style (style-src allows 'unsafe-inline'). Plain ES2017, no template literals, so it can sit in
// a template string here; checkout-script.test.ts parses it and the dialog test runs it in Chromium.
import { SCREENS } from '../../../domain/messages';
import { TEST_CARDS } from './sandbox-cards';

export const SANDBOX_PAY_PATH = '/sandbox/pay';

const SCRIPT = String.raw`/* Ghee Shop sandbox checkout: speaks Razorpay's checkout.js API; no real money moves. */
(function () {
  'use strict';
  var CONFIG = __CONFIG__;
  if (window.Razorpay && window.Razorpay.isSandbox) return;

  var CSS = [
    '.gsb-backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(33,22,10,.6);animation:gsb-fade .15s ease-out}',
    '.gsb-dialog{box-sizing:border-box;width:100%;max-width:420px;max-height:calc(100vh - 32px);overflow:auto;background:#fff;border-radius:16px;box-shadow:0 24px 64px rgba(0,0,0,.35);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#2b2118;animation:gsb-rise .18s ease-out}',
    '.gsb-dialog *,.gsb-dialog *::before,.gsb-dialog *::after{box-sizing:border-box}',
    '.gsb-head{color:#fff;padding:18px 20px 16px;border-radius:16px 16px 0 0}',
    '.gsb-brand{display:flex;gap:12px;align-items:center}',
    '.gsb-logo{flex:none;width:42px;height:42px;border-radius:12px;background:rgba(255,255,255,.18);display:flex;align-items:center;justify-content:center;font-weight:700;font-size:20px}',
    '.gsb-names{min-width:0;flex:1}',
    '.gsb-title{margin:0;font-size:18px;font-weight:700;line-height:1.25}',
    '.gsb-sub{margin:2px 0 0;font-size:13px;opacity:.92;overflow-wrap:anywhere}',
    '.gsb-badge{flex:none;align-self:flex-start;background:#e0a526;color:#2f1b00;font-size:11px;font-weight:800;letter-spacing:.06em;padding:3px 9px;border-radius:999px}',
    '.gsb-amount{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin-top:14px;padding-top:12px;border-top:1px solid rgba(255,255,255,.3);font-size:13px}',
    '.gsb-amount strong{font-size:26px;font-weight:800;letter-spacing:.01em}',
    '.gsb-body{padding:18px 20px 6px;margin:0}',
    '.gsb-payer{margin:0 0 14px;padding:10px 12px;background:#fff7e6;border-radius:10px;font-size:13px;color:#5a3b17;overflow-wrap:anywhere}',
    '.gsb-fields{border:0;margin:0;padding:0;min-width:0}',
    '.gsb-legend{padding:0;margin:0 0 10px;font-size:14px;font-weight:700;color:#2b2118}',
    '.gsb-field{margin-bottom:12px}',
    '.gsb-row{display:flex;gap:12px}',
    '.gsb-row .gsb-field{flex:1;min-width:0}',
    '.gsb-label{display:block;margin-bottom:4px;font-size:13px;font-weight:600;color:#4a3520}',
    '.gsb-input{display:block;width:100%;padding:10px 12px;font:inherit;font-size:16px;letter-spacing:.04em;color:#2b2118;background:#fff;border:1px solid #c9b79c;border-radius:10px;outline:none;transition:border-color .15s,box-shadow .15s}',
    '.gsb-input:focus{border-color:#8a4b08;box-shadow:0 0 0 3px rgba(224,165,38,.45)}',
    '.gsb-input[aria-invalid="true"]{border-color:#b42318}',
    '.gsb-input[aria-invalid="true"]:focus{box-shadow:0 0 0 3px rgba(180,35,24,.25)}',
    '.gsb-error{margin:4px 0 0;font-size:13px;color:#b42318}',
    '.gsb-alert{margin:4px 0 12px;padding:10px 12px;border-radius:10px;background:#fdecea;color:#8c1d18;font-size:14px}',
    '.gsb-alert:empty{display:none}',
    '.gsb-btn{display:block;width:100%;padding:12px 16px;font:inherit;font-size:16px;font-weight:700;border-radius:10px;cursor:pointer;transition:filter .15s,opacity .15s}',
    '.gsb-btn:focus-visible{outline:3px solid #e0a526;outline-offset:2px}',
    '.gsb-btn[disabled]{opacity:.65;cursor:progress}',
    '.gsb-pay{color:#fff;border:0}',
    '.gsb-pay:hover:not([disabled]){filter:brightness(1.1)}',
    '.gsb-cancel{margin-top:10px;color:#5a3b17;background:#fff;border:1px solid #c9b79c}',
    '.gsb-cancel:hover:not([disabled]){background:#fff7e6}',
    '.gsb-cards{margin:16px 0 0;padding:12px;border:1px dashed #d8c6a6;border-radius:10px;font-size:13px;color:#5a3b17}',
    '.gsb-cards-title{margin:0 0 8px;font-weight:700}',
    '.gsb-cards ul{list-style:none;margin:0;padding:0}',
    '.gsb-cards li+li{margin-top:6px}',
    '.gsb-card-btn{display:flex;flex-direction:column;gap:1px;width:100%;padding:7px 10px;font:inherit;font-size:13px;text-align:left;color:#2b2118;background:#fffdf8;border:1px solid #e6d7bd;border-radius:8px;cursor:pointer}',
    '.gsb-card-btn:hover{background:#fff7e6}',
    '.gsb-card-btn:focus-visible{outline:3px solid #e0a526;outline-offset:1px}',
    '.gsb-card-no{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700}',
    '.gsb-foot{margin:0;padding:12px 20px 16px;font-size:12px;color:#6b5a45;text-align:center}',
    '@keyframes gsb-fade{from{opacity:0}to{opacity:1}}',
    '@keyframes gsb-rise{from{transform:translateY(12px);opacity:0}to{transform:none;opacity:1}}',
    '@media (max-width:480px){.gsb-backdrop{align-items:flex-end;padding:0}.gsb-dialog{max-width:none;max-height:100vh;border-radius:16px 16px 0 0}}',
    '@media (prefers-reduced-motion:reduce){.gsb-backdrop,.gsb-dialog{animation:none}}'
  ].join('\n');

  var counter = 0;

  function injectStyle() {
    if (document.getElementById('gsb-style')) return;
    var style = document.createElement('style');
    style.id = 'gsb-style';
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      var value = props[key];
      if (value === undefined || value === null || value === false) return;
      if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function rupees(paise) {
    var amount = Number(paise) / 100;
    return 'Rs. ' + new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount);
  }

  function digitsOf(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function formatCardNumber(value) {
    return digitsOf(value).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
  }

  function formatExpiry(value) {
    var d = digitsOf(value).slice(0, 4);
    return d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
  }

  function luhnValid(digits) {
    if (!/^\d{12,19}$/.test(digits)) return false;
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var d = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function defaultExpiry() {
    var year = (new Date().getFullYear() + 3) % 100;
    return '12/' + (year < 10 ? '0' : '') + year;
  }

  function cardErrors(card) {
    var errors = {};
    if (!luhnValid(digitsOf(card.number))) errors.number = 'Enter a valid card number.';
    var m = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = 'Enter the expiry as MM/YY.';
    else {
      var now = new Date();
      var expires = (2000 + Number(m[2])) * 12 + Number(m[1]) - 1;
      if (expires < now.getFullYear() * 12 + now.getMonth()) errors.expiry = 'This card has expired.';
    }
    if (!/^\d{3,4}$/.test(card.cvv)) errors.cvv = 'Enter the 3 or 4 digit CVV.';
    return errors;
  }

  function focusables(root) {
    return Array.prototype.slice.call(
      root.querySelectorAll('button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])')
    );
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required.');
    if (!options.order_id) throw new Error('Razorpay: options.order_id is required (create the order on the server first).');
    this.options = options;
    this.listeners = {};
    this.view = null;
  }
  Razorpay.isSandbox = true;

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this.view) return this;
    injectStyle();
    var self = this;
    var o = this.options;
    var id = 'gsb-' + (counter += 1);
    var color = (o.theme && o.theme.color) || '#8a4b08';
    var name = o.name || 'Checkout';
    var prefill = o.prefill || {};
    var amount = rupees(o.amount);

    function field(key, label, attrs) {
      var input = el('input', Object.assign({ id: id + '-' + key, className: 'gsb-input', name: key,
        'aria-describedby': id + '-' + key + '-error', required: true, spellcheck: 'false' }, attrs));
      var error = el('p', { id: id + '-' + key + '-error', className: 'gsb-error', hidden: true });
      return { input: input, error: error, node: el('div', { className: 'gsb-field' }, [
        el('label', { className: 'gsb-label', for: input.id, text: label }), input, error]) };
    }

    var number = field('number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23' });
    var expiry = field('expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '5', placeholder: 'MM/YY' });
    var cvv = field('cvv', 'CVV', { type: 'password', inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4' });
    number.input.value = formatCardNumber(CONFIG.testCards[0].number);
    expiry.input.value = defaultExpiry();
    cvv.input.value = '123';

    var alertBox = el('div', { className: 'gsb-alert', role: 'alert' });
    var pay = el('button', { type: 'submit', className: 'gsb-btn gsb-pay', text: 'Pay ' + amount });
    pay.style.background = color;
    var cancel = el('button', { type: 'button', className: 'gsb-btn gsb-cancel', text: 'Cancel' });

    var cardButtons = CONFIG.testCards.map(function (card) {
      var button = el('button', { type: 'button', className: 'gsb-card-btn',
        'aria-label': 'Use test card ' + card.number + ', ' + card.label }, [
        el('span', { className: 'gsb-card-no', text: card.number }), el('span', { text: card.label })]);
      button.addEventListener('click', function () {
        number.input.value = formatCardNumber(card.number);
        showErrors({});
        number.input.focus();
      });
      return el('li', {}, [button]);
    });

    var payer = [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · ');
    var form = el('form', { className: 'gsb-body', novalidate: true }, [
      payer ? el('p', { className: 'gsb-payer', text: 'Paying as ' + payer }) : null,
      el('fieldset', { className: 'gsb-fields' }, [
        el('legend', { className: 'gsb-legend', text: 'Card details' }),
        number.node,
        el('div', { className: 'gsb-row' }, [expiry.node, cvv.node])
      ]),
      alertBox,
      pay,
      cancel,
      el('div', { className: 'gsb-cards' }, [
        el('p', { className: 'gsb-cards-title', id: id + '-cards', text: 'Test cards' }),
        el('ul', { 'aria-labelledby': id + '-cards' }, cardButtons)
      ])
    ]);

    var head = el('div', { className: 'gsb-head' }, [
      el('div', { className: 'gsb-brand' }, [
        el('span', { className: 'gsb-logo', 'aria-hidden': 'true', text: name.charAt(0).toUpperCase() }),
        el('div', { className: 'gsb-names' }, [
          el('h2', { className: 'gsb-title', id: id + '-title', text: name }),
          el('p', { className: 'gsb-sub', id: id + '-desc', text: o.description || 'Order ' + o.order_id })
        ]),
        el('span', { className: 'gsb-badge', text: CONFIG.testModeLabel })
      ]),
      el('div', { className: 'gsb-amount' }, [el('span', { text: 'Amount to pay' }), el('strong', { text: amount })])
    ]);
    head.style.background = color;

    var dialog = el('div', { className: 'gsb-dialog', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc' }, [
      head, form,
      el('p', { className: 'gsb-foot', text: 'Sandbox payment gateway: no real money moves.' })
    ]);
    var backdrop = el('div', { className: 'gsb-backdrop' }, [dialog]);

    function showErrors(errors) {
      [['number', number], ['expiry', expiry], ['cvv', cvv]].forEach(function (pair) {
        var message = errors[pair[0]];
        pair[1].input.setAttribute('aria-invalid', message ? 'true' : 'false');
        pair[1].error.textContent = message || '';
        pair[1].error.hidden = !message;
      });
    }

    function busy(on) {
      [pay, cancel, number.input, expiry.input, cvv.input].forEach(function (node) {
        node.disabled = on;
      });
      dialog.setAttribute('aria-busy', on ? 'true' : 'false');
      pay.textContent = on ? 'Processing\u2026' : 'Pay ' + amount;
    }

    number.input.addEventListener('input', function () {
      number.input.value = formatCardNumber(number.input.value);
    });
    expiry.input.addEventListener('input', function () {
      expiry.input.value = formatExpiry(expiry.input.value);
    });
    cvv.input.addEventListener('input', function () {
      cvv.input.value = digitsOf(cvv.input.value).slice(0, 4);
    });

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var card = { number: number.input.value, expiry: expiry.input.value.trim(), cvv: cvv.input.value.trim() };
      var errors = cardErrors(card);
      showErrors(errors);
      alertBox.textContent = '';
      var firstBad = ['number', 'expiry', 'cvv'].filter(function (k) { return errors[k]; })[0];
      if (firstBad) {
        ({ number: number, expiry: expiry, cvv: cvv })[firstBad].input.focus();
        return;
      }
      busy(true);
      fetch(CONFIG.payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, key_id: o.key, card: card })
      })
        .then(function (res) {
          return res.json().then(function (body) { return { status: res.status, body: body }; },
            function () { return { status: res.status, body: {} }; });
        })
        .then(function (answer) {
          if (answer.status === 200) {
            self.close();
            if (typeof o.handler === 'function') o.handler(answer.body);
          } else if (answer.status === 402 && answer.body.razorpay_error) {
            self.close();
            self.emit('payment.failed', { error: answer.body.razorpay_error });
          } else {
            busy(false);
            showErrors({
              number: answer.body.fields && answer.body.fields['card.number'],
              expiry: answer.body.fields && answer.body.fields['card.expiry'],
              cvv: answer.body.fields && answer.body.fields['card.cvv']
            });
            alertBox.textContent = answer.body.message || 'The payment could not be made. Please try again.';
          }
        })
        .catch(function () {
          busy(false);
          alertBox.textContent = 'Could not reach the payment service. Check your connection and try again.';
        });
    });

    cancel.addEventListener('click', function () {
      self.dismiss();
    });

    backdrop.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !(o.modal && o.modal.escape === false) && !pay.disabled) {
        event.preventDefault();
        self.dismiss();
      } else if (event.key === 'Tab') {
        var items = focusables(dialog);
        if (items.length === 0) return;
        var first = items[0];
        var last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    });
    backdrop.addEventListener('click', function (event) {
      if (event.target === backdrop && o.modal && o.modal.backdropclose) self.dismiss();
    });

    // Everything behind the dialog is inert while it is open: no focus, no clicks, hidden from readers.
    var inerted = Array.prototype.filter.call(document.body.children, function (node) {
      return !node.inert && node.tagName !== 'SCRIPT';
    });
    inerted.forEach(function (node) { node.inert = true; });
    this.view = {
      backdrop: backdrop,
      inerted: inerted,
      returnFocus: document.activeElement,
      overflow: document.documentElement.style.overflow
    };
    document.documentElement.style.overflow = 'hidden';
    document.body.appendChild(backdrop);
    number.input.focus();
    return this;
  };

  Razorpay.prototype.close = function () {
    var view = this.view;
    if (!view) return;
    this.view = null;
    view.inerted.forEach(function (node) { node.inert = false; });
    document.documentElement.style.overflow = view.overflow;
    if (view.backdrop.parentNode) view.backdrop.parentNode.removeChild(view.backdrop);
    if (view.returnFocus && typeof view.returnFocus.focus === 'function') view.returnFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    if (this.options.modal && typeof this.options.modal.ondismiss === 'function') this.options.modal.ondismiss();
  };

  window.Razorpay = Razorpay;
})();
`;

/** The script with its settings filled in: the pay endpoint, the test cards and the TEST MODE label. */
export function sandboxCheckoutScript(): string {
  const config = {
    payUrl: SANDBOX_PAY_PATH,
    testModeLabel: SCREENS.testMode,
    testCards: TEST_CARDS.map((c) => ({ number: c.number, label: c.label })),
  };
  // '<' is escaped so no value can ever close a script element, wherever this text ends up.
  return SCRIPT.replace('__CONFIG__', JSON.stringify(config).replace(/</g, '\\u003c'));
}
