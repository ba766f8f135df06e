import type { ReactNode } from 'react';

/** The centred card every sign-in screen uses. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="container py-4 py-md-5">
      <div className="auth-card card shadow-sm border-0 mx-auto">
        <div className="card-body p-4 p-md-5">
          <h1 className="h3 mb-2">{title}</h1>
          {intro ? <p className="text-body-secondary">{intro}</p> : null}
          {children}
        </div>
        {footer ? <div className="card-footer bg-cream text-center py-3 border-0">{footer}</div> : null}
      </div>
    </section>
  );
}
