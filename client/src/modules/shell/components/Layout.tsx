import { Suspense, type ReactNode } from 'react';
import { Spinner } from '@/ui/Spinner';
import { useRealtimeConnection } from '@/modules/realtime/hooks/useRealtimeConnection';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** Sidebar + header + content area of every protected page (docs/interface.md#layout Layout). */
export function Layout({ children }: { children: ReactNode }) {
  useRealtimeConnection();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Pular para o conteúdo
      </a>
      <Sidebar />
      <div className="app-main">
        <Header />
        <main id="main-content" className="app-content" tabIndex={-1}>
          <Suspense fallback={<Spinner label="Carregando..." className="page-loading" />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}
