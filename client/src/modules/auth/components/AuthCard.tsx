import type { ReactNode } from 'react';

/** Centered card of the public session screens, under the product header. */
export function AuthCard({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand" aria-hidden="true">
          SG
        </div>
        <h1 className="auth-card__title">Sistema de Gestão Municipal</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
