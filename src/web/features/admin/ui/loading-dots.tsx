/** The three-dot loading animation (SPEC.md §2), announced to screen readers by its label. */
export function LoadingDots({ label }: { label: string }) {
  return (
    <div className="loading-dots" role="status" aria-live="polite">
      <span className="dot" aria-hidden="true" />
      <span className="dot" aria-hidden="true" />
      <span className="dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
