const STEPS = ['Cart', 'Billing details', 'Order summary', 'Payment'] as const;

/** Where the customer is in cart → billing → summary → payment (SPEC.md §4). */
export function CheckoutSteps({ current }: { current: 1 | 2 }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout progress">
      {STEPS.map((step, i) => (
        <li key={step} className={i < current ? 'is-done' : i === current ? 'is-current' : ''} aria-current={i === current ? 'step' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}
