import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppLoading } from '@/modules/auth/components/AppLoading';
import { RequireAuth } from '@/modules/auth/components/RequireAuth';
import { NEW_PROCESS_ROUTE } from '@/modules/processes/utils/routes';

type Page = LazyExoticComponent<ComponentType>;

// The shell (sidebar, header, socket) is its own chunk too: the login route never downloads it.
const Layout = lazy(() => import('@/modules/shell/components/Layout').then((m) => ({ default: m.Layout })));

// Public pages (the login route stays light: every page is its own chunk).
const LoginPage = lazy(() => import('@/modules/auth/pages/LoginPage'));
const ChangePasswordPage = lazy(() => import('@/modules/auth/pages/ChangePasswordPage'));
// Public citizens' page (documents feature).
const VerifySignaturePage = lazy(() => import('@/modules/documents/pages/VerifySignaturePage'));
// Public citizens' page (public tracking, docs/processes.md#receipts-and-tracking).
const PublicTrackingPage = lazy(() => import('@/modules/public-tracking/pages/PublicTrackingPage'));
// Public citizens' page (online filing, docs/processes.md#online-filing).
const PublicRequestPage = lazy(() => import('@/modules/public-requests/pages/PublicRequestPage'));

// Protected pages.
const DashboardPage = lazy(() => import('@/modules/dashboard/pages/DashboardPage'));
const ProcessesPage = lazy(() => import('@/modules/processes/pages/ProcessesPage'));
const ProcessDetailsPage = lazy(() => import('@/modules/processes/pages/ProcessDetailsPage'));
const NotificationsPage = lazy(() => import('@/modules/notifications/pages/NotificationsPage'));
const DocumentsPage = lazy(() => import('@/modules/documents/pages/DocumentsPage'));
const NewDocumentPage = lazy(() => import('@/modules/documents/pages/NewDocumentPage'));
const PendingSignaturesPage = lazy(() => import('@/modules/documents/pages/PendingSignaturesPage'));
const DocumentViewPage = lazy(() => import('@/modules/documents/pages/DocumentViewPage'));
const DocumentSignerPage = lazy(() => import('@/modules/documents/pages/DocumentSignerPage'));
const SignatureBlocksPage = lazy(() => import('@/modules/signature-blocks/pages/SignatureBlocksPage'));
const SignatureBlockPage = lazy(() => import('@/modules/signature-blocks/pages/SignatureBlockPage'));
const ReportsPage = lazy(() => import('@/modules/reports/pages/ReportsPage'));
const IntegrationPage = lazy(() => import('@/modules/integration/pages/IntegrationPage'));
const UsersPage = lazy(() => import('@/modules/users/pages/UsersPage'));
const ProfilePage = lazy(() => import('@/modules/profile/pages/ProfilePage'));
const SettingsPage = lazy(() => import('@/modules/settings/pages/SettingsPage'));
const TemplatesPage = lazy(() => import('@/modules/templates/pages/TemplatesPage'));
const DepartmentsPage = lazy(() => import('@/modules/departments/pages/DepartmentsPage'));
const CalendarPage = lazy(() => import('@/modules/calendar/pages/CalendarPage'));
const DocumentTypesPage = lazy(() => import('@/modules/document-types/pages/DocumentTypesPage'));
const LogsPage = lazy(() => import('@/modules/logs/pages/LogsPage'));
const PurchaseOrdersPage = lazy(() => import('../modules/purchase-orders/pages/PurchaseOrdersPage'));
const SearchPage = lazy(() => import('@/modules/search/pages/SearchPage'));

/** Protected routes (docs/interface.md#routes); more specific paths first. */
const PROTECTED_ROUTES: readonly [path: string, page: Page][] = [
  ['/dashboard', DashboardPage],
  ['/processes', ProcessesPage],
  ['/process-details/:id', ProcessDetailsPage],
  ['/notifications', NotificationsPage],
  ['/documents', DocumentsPage],
  ['/documents/new', NewDocumentPage],
  ['/documents/pending-signatures', PendingSignaturesPage],
  ['/documents/:id', DocumentViewPage],
  ['/document-signer', DocumentSignerPage],
  ['/signature-blocks', SignatureBlocksPage],
  ['/signature-blocks/:id', SignatureBlockPage],
  ['/reports', ReportsPage],
  ['/integration', IntegrationPage],
  ['/users', UsersPage],
  ['/profile', ProfilePage],
  ['/settings', SettingsPage],
  ['/templates', TemplatesPage],
  ['/departments', DepartmentsPage],
  ['/calendar', CalendarPage],
  ['/document-types', DocumentTypesPage],
  ['/logs', LogsPage],
  ['/purchase-orders', PurchaseOrdersPage],
  ['/search', SearchPage],
];

/** One Layout for every protected page, so the sidebar and the socket survive navigation. */
function ProtectedArea() {
  return (
    <RequireAuth>
      <Layout>
        <Switch>
          {PROTECTED_ROUTES.map(([path, Page]) => (
            <Route key={path} path={path} component={Page} />
          ))}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Layout>
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<AppLoading text="Carregando..." />}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/change-password" component={ChangePasswordPage} />
        <Route path="/verify-signature" component={VerifySignaturePage} />
        <Route path="/consulta" component={PublicTrackingPage} />
        <Route path="/solicitar" component={PublicRequestPage} />
        <Route path="/">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route path="/protocol">
          <Redirect to="/processes" replace />
        </Route>
        <Route path="/new-process">
          <Redirect to={NEW_PROCESS_ROUTE} replace />
        </Route>
        {/* Everything else needs a session; an unknown path then redirects to / (inside). */}
        <Route>
          <ProtectedArea />
        </Route>
      </Switch>
    </Suspense>
  );
}
