import type { ReactNode } from 'react';

/** A list or page that failed to load: what happened, and a button to ask again. */
export function LoadError({ children, onRetry, className = '' }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div className={`alert alert-danger d-flex flex-wrap align-items-center gap-3 ${className}`} role="alert">
      <span>{children}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
