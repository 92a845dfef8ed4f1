import type { ReactNode } from 'react';

/**
 * The frame of the citizens' pages (no login, outside the app shell): the SEMGI brand, the title and
 * a line on what the page is for. The `verify-page` classes are in documents.css, which such a page imports.
 */
export function PublicPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="verify-page">
      <div className="verify-page__card card">
        <header className="verify-page__brand">
          <span className="brand-logo" aria-hidden="true">
            SG
          </span>
          <span className="verify-page__product">
            <strong>SEMGI</strong>
            <span className="muted">Sistema de Gestão Municipal</span>
          </span>
        </header>
        <h1 className="verify-page__title">{title}</h1>
        <p className="muted">{intro}</p>
        {children}
      </div>
    </main>
  );
}
