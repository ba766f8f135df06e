/** A polite loading indicator: screen readers hear the label, everyone else sees the spinner. */
export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div className={`d-flex justify-content-center py-5 ${className}`} role="status">
      <span className="spinner-border text-amber" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
