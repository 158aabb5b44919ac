import { ErrorBoundary, lazy, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { type ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { Shell } from './layout/shell';
import { CodesPage } from './pages/codes/codes-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { WelcomePage } from './pages/welcome/welcome-page';
import { SessionProvider, useMe, useSession } from './session';
import { AuthCard } from './ui/auth-card';
import { ErrorNotice, Loading } from './ui/notice';
import { Button } from './ui/button';

// The codes list is in the first bundle (it is the first page a person sees); the rest load on demand.
const CodeCreatePage = lazy(() => import('./pages/codes/code-form-page').then((m) => m.CodeCreatePage));
const CodeEditPage = lazy(() => import('./pages/codes/code-form-page').then((m) => m.CodeEditPage));
const CodeDetailPage = lazy(() => import('./pages/codes/code-detail-page').then((m) => m.CodeDetailPage));
const FoldersPage = lazy(() => import('./pages/folders/folders-page').then((m) => m.FoldersPage));
const PresetsPage = lazy(() => import('./pages/presets/presets-page').then((m) => m.PresetsPage));
const PresetEditPage = lazy(() => import('./pages/presets/preset-edit-page').then((m) => m.PresetEditPage));
const DomainsPage = lazy(() => import('./pages/domains/domains-page').then((m) => m.DomainsPage));
const PrintPage = lazy(() => import('./pages/print/print-page').then((m) => m.PrintPage));
const DevelopersPage = lazy(() => import('./pages/developers/developers-page').then((m) => m.DevelopersPage));
const EndpointPage = lazy(() => import('./pages/developers/endpoint-page').then((m) => m.EndpointPage));
const UsagePage = lazy(() => import('./pages/usage/usage-page').then((m) => m.UsagePage));
const MembersPage = ownersOnly(lazy(() => import('./pages/members/members-page').then((m) => m.MembersPage)));
const AuditLogPage = ownersOnly(lazy(() => import('./pages/audit/audit-log-page').then((m) => m.AuditLogPage)));
const LinkImportPage = lazy(() => import('./pages/imports/link-import-page').then((m) => m.LinkImportPage));
const AccountPage = lazy(() => import('./pages/account/account-page').then((m) => m.AccountPage));

/** Members and the audit log are the owners' pages: another role meets "not found", as the server answers it 404. */
function ownersOnly(Page: ComponentType) {
  return function OwnersOnly() {
    return useMe().permissions.manage_members ? <Page /> : <NotFoundPage />;
  };
}

export function App() {
  return (
    <LocationProvider scope="/app">
      <SessionProvider>
        <Routes />
      </SessionProvider>
    </LocationProvider>
  );
}

function Routes() {
  const { state, refresh } = useSession();
  const { path, url, route } = useLocation();
  const publicPage = path === '/app/sign-in' || path === '/app/welcome';
  useEffect(() => {
    if (state.status === 'signed-out' && !publicPage) route(`/app/sign-in?next=${encodeURIComponent(url)}`, true);
    if (state.status === 'signed-in' && path === '/app/sign-in') route('/app/codes', true);
    if (state.status === 'signed-in' && (path === '/app' || path === '/app/')) route('/app/codes', true);
  }, [state.status, path]);
  if (state.status === 'loading') return <Loading label="Opening the dashboard…" />;
  if (state.status === 'unreachable') {
    return (
      <AuthCard>
        <ErrorNotice error={state.error} title="The dashboard could not reach the server" />
        <Button kind="primary" onClick={() => void refresh()} label="Try again" />
      </AuthCard>
    );
  }
  if (publicPage || state.status === 'signed-out') {
    return (
      <Router>
        <Route path="/app/welcome" component={WelcomePage} />
        <Route default component={SignInPage} />
      </Router>
    );
  }
  return (
    <Shell>
      {/* Keyed by workspace: after a switch every page starts over, nothing of the last workspace stays on screen. */}
      <ErrorBoundary key={state.me.workspace.id}>
        <Router>
          <Route path="/app/codes" component={CodesPage} />
          <Route path="/app/codes/new" component={CodeCreatePage} />
          <Route path="/app/codes/:id" component={CodeDetailPage} />
          <Route path="/app/codes/:id/edit" component={CodeEditPage} />
          <Route path="/app/import-links" component={LinkImportPage} />
          <Route path="/app/folders" component={FoldersPage} />
          <Route path="/app/presets" component={PresetsPage} />
          <Route path="/app/presets/:id" component={PresetEditPage} />
          <Route path="/app/domains" component={DomainsPage} />
          <Route path="/app/print" component={PrintPage} />
          <Route path="/app/developers" component={DevelopersPage} />
          <Route path="/app/developers/webhooks/:id" component={EndpointPage} />
          <Route path="/app/usage" component={UsagePage} />
          <Route path="/app/members" component={MembersPage} />
          <Route path="/app/audit-log" component={AuditLogPage} />
          <Route path="/app/account" component={AccountPage} />
          <Route path="/app" component={CodesPage} />
          <Route default component={NotFoundPage} />
        </Router>
      </ErrorBoundary>
    </Shell>
  );
}
