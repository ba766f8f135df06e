// The sandbox's stand-in for Razorpay's checkout.js, served at /sandbox/checkout.js. It offers the same
// page API (`new Razorpay(options).open()`, `.on('payment.failed', cb)`, `.close()`) and a card dialog.
//
// It is kept as source text rather than a module because the server is bundled for production and the
// browser needs it as a standalone script under the shop's CSP (script-src 'self', no inline handlers):
// every listener is attached with addEventListener, and styles are one injected <style> element plus
// element.style (style-src allows 'unsafe-inline'). Plain ES2017, no template literals, so it can sit in
// a template string here; checkout-script.test.ts parses it and the dialog test runs it in Chromium.
import { SCREENS } from '../../../domain/messages';
import { DIALOG_CSS } from './checkout-dialog-css';
import { TEST_CARDS } from './sandbox-cards';

export const SANDBOX_PAY_PATH = '/sandbox/pay';
export const SANDBOX_ORDERS_PATH = '/sandbox/orders';

const SCRIPT = String.raw`/* Ghee Shop sandbox checkout: speaks Razorpay's checkout.js API; no real money moves. */
(function () {
  'use strict';
  var CONFIG = __CONFIG__;
  if (window.Razorpay && window.Razorpay.isSandbox) return;

  var CSS = CONFIG.css;
  // Endpoints are on the host that served this script, which is not the page's when a client served from
  // another origin (CORS_ORIGINS) loads it.
  var SCRIPT_SRC = (document.currentScript && document.currentScript.src) || window.location.href;

  function endpoint(path) {
    return new URL(path, SCRIPT_SRC).href;
  }

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

  function money(paise, currency) {
    var amount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(Number(paise) / 100);
    return (currency && currency !== 'INR' ? currency + ' ' : 'Rs. ') + amount;
  }

  function readJson(res) {
    return res.json().then(function (body) { return { status: res.status, body: body }; },
      function () { return { status: res.status, body: {} }; });
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
    // Like Razorpay's checkout for an order, the amount charged is the order's as the shop created it, read from
    // the gateway; the page's own options.amount is never shown or used.
    var amount = null;

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
    var pay = el('button', { type: 'submit', className: 'gsb-btn gsb-pay', text: CONFIG.loadingLabel, disabled: true });
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

    var amountText = el('strong', { text: CONFIG.loadingLabel });
    var head = el('div', { className: 'gsb-head' }, [
      el('div', { className: 'gsb-brand' }, [
        el('span', { className: 'gsb-logo', 'aria-hidden': 'true', text: name.charAt(0).toUpperCase() }),
        el('div', { className: 'gsb-names' }, [
          el('h2', { className: 'gsb-title', id: id + '-title', text: name }),
          el('p', { className: 'gsb-sub', id: id + '-desc', text: o.description || 'Order ' + o.order_id })
        ]),
        el('span', { className: 'gsb-badge', text: CONFIG.testModeLabel })
      ]),
      el('div', { className: 'gsb-amount' }, [el('span', { text: 'Amount to pay' }), amountText])
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
      [cancel, number.input, expiry.input, cvv.input].forEach(function (node) {
        node.disabled = on;
      });
      pay.disabled = on || amount === null;
      dialog.setAttribute('aria-busy', on || amount === null ? 'true' : 'false');
      pay.textContent = on ? 'Processing\u2026' : amount === null ? CONFIG.loadingLabel : 'Pay ' + amount;
    }

    // Without the order there is nothing to charge: Pay stays disabled and the reason shows; Cancel still works.
    function orderUnavailable(message) {
      amountText.textContent = '\u2014';
      pay.textContent = 'Pay';
      dialog.setAttribute('aria-busy', 'false');
      alertBox.textContent = message;
    }

    function loadOrder() {
      dialog.setAttribute('aria-busy', 'true');
      var url = endpoint(CONFIG.ordersUrl + '/' + encodeURIComponent(o.order_id) + '?key_id=' + encodeURIComponent(o.key));
      fetch(url).then(readJson).then(function (answer) {
        if (!self.view) return;
        if (answer.status !== 200 || typeof answer.body.amount !== 'number') {
          orderUnavailable(answer.body.message || 'This payment order could not be found. Close this window and start the checkout again.');
          return;
        }
        amount = money(answer.body.amount, answer.body.currency);
        amountText.textContent = amount;
        busy(false);
      }, function () {
        if (self.view) orderUnavailable('Could not reach the payment service. Check your connection and try again.');
      });
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
      if (amount === null) return;
      busy(true);
      fetch(endpoint(CONFIG.payUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, key_id: o.key, card: card })
      })
        .then(readJson)
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
      if (event.key === 'Escape' && !(o.modal && o.modal.escape === false) && !cancel.disabled) {
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
    loadOrder();
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

/** The script with its settings filled in: the pay endpoint, the test cards, the TEST MODE label and the styles. */
export function sandboxCheckoutScript(): string {
  const config = {
    payUrl: SANDBOX_PAY_PATH,
    ordersUrl: SANDBOX_ORDERS_PATH,
    loadingLabel: 'Loading order\u2026',
    testModeLabel: SCREENS.testMode,
    testCards: TEST_CARDS.map((c) => ({ number: c.number, label: c.label })),
    css: DIALOG_CSS,
  };
  // '<' is escaped so no value can ever close a script element, wherever this text ends up.
  return SCRIPT.replace('__CONFIG__', JSON.stringify(config).replace(/</g, '\\u003c'));
}
