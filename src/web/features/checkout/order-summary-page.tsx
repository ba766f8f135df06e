import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ORDER_NOTE_MAX, PAYMENT_MODES, type PaymentMode, DEFAULT_PAYMENT_MODE } from '../../../domain/constants';
import { subtotal } from '../../../domain/pricing';
import { BusyButton } from '../../components/busy-button';
import { ApiError } from '../../lib/api-client';
import { MY_ORDERS_KEY, PRODUCTS_KEY } from '../../lib/query-keys';
import { useShopConfig } from '../../lib/shop-config';
import { usePageTitle } from '../../lib/use-page-title';
import { cart, useCart } from '../cart/cart-store';
import { useSession } from '../session/session-store';
import { useAccountWhatsapp } from '../account/whatsapp-api';
import { buildOrderBody, finishCheckout, getBilling, getBusinessBuyer, getNote, getWhatsappOptIn, saveNote, saveWhatsappOptIn } from './checkout-draft';
import { CheckoutSteps } from './checkout-steps';
import { NoCartItems } from './no-cart-items';
import { useDeliveryCheck } from '../delivery/delivery-api';
import { UnlistedPincodeNote } from '../delivery/unlisted-pincode-note';
import { CouponField, OrderCharges, PricesNotRefreshed } from './order-charges';
import { stockShortage, type StockShortage } from './out-of-stock';
import { PoliciesAgreement } from './policies-agreement';
import { payOnline, placeCodOrder, priceChange } from './place-order';
import { QUOTE_KEY, useLastPriced, useQuote, type QuoteRequest } from './quote-api';
import { PaymentModeField } from './payment-mode-field';
import { SummaryItems } from './summary-items';
import { useCouponCode } from './use-coupon-code';
import { AwaitingPaymentNotice } from './awaiting-payment-notice';
import { SignedOutNotice } from './signed-out-notice';
import { WhatsappOptInField } from './whatsapp-opt-in-field';
import { useOnlinePayment, type DismissedPayment, type PaymentRun, type SuccessState } from './use-online-payment';

const ADDRESS_FIELDS = ['pincode', 'state', 'gstin', 'businessName'] as const;

export function OrderSummaryPage() {
  usePageTitle('Order summary');
  const lines = useCart();
  const session = useSession();
  // Only a session that ends on this page is explained; arriving signed out goes to Billing as before.
  const [signedInHere] = useState(() => !!session);
  const billing = getBilling();
  const business = getBusinessBuyer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState(getNote);
  const [whatsappChoice, setWhatsapp] = useState(getWhatsappOptIn);
  // Ticked when the account said yes on its profile (DESIGN.md §8.6); this order can still go without.
  const accountWhatsapp = useAccountWhatsapp(!!session);
  const whatsapp = whatsappChoice ?? accountWhatsapp.data?.whatsappOptIn ?? false;
  const payment = useOnlinePayment();
  const [chosenMode, setMode] = useState<PaymentMode>(DEFAULT_PAYMENT_MODE);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState<StockShortage | null>(null);
  // The Terms and the Refund policy must be agreed to here; the server does not ask (the original client's calls
  // carry no such field, DESIGN.md §7.4; decision 038).
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const agreementRef = useRef<HTMLInputElement>(null);
  // An online order whose payment window the customer closed: it exists, unpaid, and can be paid from here or later.
  const [awaiting, setAwaiting] = useState<DismissedPayment | null>(null);
  // Why the last Checkout was refused, when nothing else on the page shows it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const checkoutRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The payment window took focus with it; it comes back to where the customer left off.
    if (awaiting) checkoutRef.current?.focus();
  }, [awaiting]);
  // A shop without a payment gateway takes cash on delivery only (DESIGN.md §7.1).
  const onlineOff = useShopConfig().data?.onlinePayment === false;
  const modes = onlineOff ? PAYMENT_MODES.filter((m) => m === 'CASHONDELIVERY') : PAYMENT_MODES;
  const mode: PaymentMode = onlineOff ? 'CASHONDELIVERY' : chosenMode;
  const couponCode = useCouponCode();
  const quoteRequest: QuoteRequest = {
    items: lines.map(({ name, quantity, itemQty, finalPrice }) => ({ name, quantity, itemQty, finalPrice })),
    pincode: billing?.pincode ?? '',
    paymentmode: mode,
    coupon: couponCode.coupon,
    username: billing?.name ?? '',
    mobilenumber: billing?.mobilenumber ?? '',
    emailaddress: billing?.email ?? '',
    address: billing?.address ?? '',
    state: billing?.state ?? '',
    district: billing?.district ?? '',
  };
  const quote = useQuote(quoteRequest);
  const shown = useLastPriced(quote.data);

  const delivery = useDeliveryCheck(billing?.pincode ?? '');

  if (lines.length === 0) {
    return <NoCartItems title="Order summary" />;
  }
  if (!session && signedInHere) return <SignedOutNotice />;
  if (!session || !billing) return <Navigate to="/checkoutbilling" replace />;

  const total = subtotal(lines);
  const priced = quote.data;
  // A code that does not apply is not sent: the order goes through at the price shown without it.
  const appliedCode = priced?.coupon?.applied ? priced.coupon.code : undefined;
  const codRefused = mode === 'CASHONDELIVERY' && priced && !priced.cod.allowed ? priced.cod.reason : null;
  const notServed = priced && !priced.serviceable;
  // Without a quote (the call failed) the order is still sent: the server then says what is wrong with it.
  const canCheckout = quote.isError || (!!priced && !quote.isFetching && !codRefused && !notServed);

  function done() {
    cart.clear();
    finishCheckout();
    void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
  }

  function onError(error: unknown) {
    const changed = priceChange(error);
    const shortage = stockShortage(error);
    if (shortage) {
      setShort(shortage);
      // Only a line no longer in this cart (changed in another tab) has no note to show it beside.
      if (!lines.some((l) => l.name === shortage.name && l.quantity === shortage.quantity)) toast.error(shortage.message);
      // The product pages then say "Only N left" or "Sold out" too.
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    } else if (changed) {
      cart.applyPrices(changed.prices);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: QUOTE_KEY });
      toast.warning('Our prices changed since you added these items. Your cart now shows the current prices: please check the total and press Checkout again.');
    } else if (error instanceof ApiError && ['COUPON_USED_UP', 'COUPON_NOT_APPLICABLE', 'COD_NOT_ALLOWED', 'PINCODE_NOT_SERVED'].includes(error.code)) {
      void queryClient.invalidateQueries({ queryKey: QUOTE_KEY });
      toast.error(error.message);
    } else if (error instanceof ApiError && ADDRESS_FIELDS.some((f) => error.fields[f])) {
      // An address saved before states and pincodes were checked: fixed where it is typed, then back here.
      const field = ADDRESS_FIELDS.find((f) => error.fields[f]) ?? 'pincode';
      toast.error(`${error.fields[field]}. Please correct it on the billing page.`);
      navigate('/checkoutbilling');
    } else if (error instanceof ApiError && error.status === 401) {
      toast.error('Your session has ended. Please log in again to place your order.');
      navigate('/login?next=%2Fcheckoutorder');
    } else {
      // Said beside the button and kept there: a refusal (too many orders, say) must outlast a toast.
      setRefusal(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  }

  async function checkout() {
    if (busy || !billing || !canCheckout) return;
    if (!agreed) {
      setAgreementMissing(true);
      agreementRef.current?.focus();
      return;
    }
    setBusy(true);
    setAwaiting(null);
    setRefusal(null);
    const body = buildOrderBody(billing, lines, note.trim(), mode, priced ? { total: priced.total, coupon: appliedCode } : undefined, whatsapp);
    try {
      if (mode === 'CASHONDELIVERY') {
        const order = await placeCodOrder(body);
        done();
        const state: SuccessState = { order };
        navigate('/success', { state });
        return;
      }
      afterWindow(await payment.run(() => payOnline(body, queryClient), { fromCheckout: true, onPaid: done }));
    } catch (error) {
      setBusy(false);
      onError(error);
    }
  }

  function afterWindow(run: PaymentRun) {
    if (run.kind !== 'dismissed') return;
    setBusy(false);
    setAwaiting(run);
  }

  /** Pay now from the notice: the saved order itself, never a second one. */
  function payAwaiting(orderid: string) {
    setBusy(true);
    payment.payOrder(orderid, { fromCheckout: true, onPaid: done }).then(afterWindow, (error: unknown) => {
      setBusy(false);
      onError(error);
    });
  }

  return (
    <section className="container py-4 py-md-5 page-medium">
      <CheckoutSteps current={2} />
      <h1 className="display-6 mb-4">Order summary</h1>
      <div className="row g-4">
        <div className="col-lg-7">
          <SummaryItems lines={lines} short={short} />
          <div className="mb-3">
            <label htmlFor={noteId} className="form-label">
              Note for us <span className="text-body-secondary">(optional)</span>
            </label>
            <textarea
              id={noteId}
              className="form-control"
              rows={3}
              maxLength={ORDER_NOTE_MAX}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                saveNote(e.target.value);
              }}
              placeholder="A delivery time that suits you, a gift message…"
            />
          </div>
          <WhatsappOptInField
            checked={whatsapp}
            mobile={billing.mobilenumber}
            onChange={(checked) => {
              setWhatsapp(checked);
              saveWhatsappOptIn(checked);
            }}
          />
        </div>
        <div className="col-lg-5">
          <aside className="card shadow-sm border-0 bg-cream" aria-label="Payment">
            <div className="card-body p-4">
              <h2 className="h6 text-body-secondary">Deliver to</h2>
              <p className="small mb-3 typed-text">
                <strong>{billing.name}</strong>, {billing.mobilenumber}
                <br />
                {billing.address}, {billing.district}, {billing.state} {billing.pincode}
                <br />
                {business?.gstin ? (
                  <>
                    Business invoice: {business.businessName}, GSTIN {business.gstin}
                    <br />
                  </>
                ) : null}
                <Link to="/checkoutbilling">Change</Link>
              </p>
              <UnlistedPincodeNote pincode={billing.pincode} check={delivery.data} />
              <CouponField
                applied={couponCode.coupon}
                verdict={shown?.coupon}
                onApply={(code) => void couponCode.apply({ ...quoteRequest, coupon: code })}
                error={couponCode.error}
                busy={couponCode.applying}
              />
              {quote.isError ? <PricesNotRefreshed stale={!!shown} busy={quote.isFetching} onRetry={() => void quote.refetch()} /> : null}
              <OrderCharges quote={shown} fallbackTotal={total} freeFrom={delivery.data?.freeFrom ?? null} />
              {notServed ? (
                <p className="alert alert-warning small py-2" role="alert">
                  We do not deliver to {billing.pincode} yet. <Link to="/checkoutbilling">Use another address</Link>.
                </p>
              ) : null}
              <PaymentModeField mode={mode} modes={modes} onChange={setMode} codRefused={codRefused} />
              <PoliciesAgreement
                ref={agreementRef}
                agreed={agreed}
                showError={agreementMissing && !agreed}
                onChange={(value) => {
                  setAgreed(value);
                  if (value) setAgreementMissing(false);
                }}
              />
              {/* Switched to cash on delivery, the checkout turns that unpaid order into the COD one: nothing waits for payment. */}
              {awaiting && mode !== 'CASHONDELIVERY' ? <AwaitingPaymentNotice orderNumber={awaiting.orderNumber} busy={busy} onPay={() => payAwaiting(awaiting.orderid)} /> : null}
              {refusal ? (
                <p className="alert alert-danger small py-2" role="alert" data-testid="checkout-refusal">
                  {refusal}
                </p>
              ) : null}
              <BusyButton
                ref={checkoutRef}
                type="button"
                className="btn btn-amber btn-lg w-100"
                onClick={() => void checkout()}
                busy={busy}
                disabled={!canCheckout}
              >
                Checkout
              </BusyButton>
              <p className="small text-body-secondary mt-3 mb-0">
                {mode === 'ONLINE'
                  ? 'You pay securely by card in the payment window; we never see your card number.'
                  : onlineOff
                    ? 'Pay in cash when your ghee arrives. Online payment is not available at the moment.'
                    : 'Pay in cash when your ghee arrives.'}
              </p>
            </div>
          </aside>
        </div>
      </div>
    </section>
  );
}
