import { type ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { appApi } from '../api/client';
import { type Me, type SignedOut } from '../api/types';
import { useMe, useSession } from '../session';

const NAV: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/app/codes', label: 'Codes' },
  { href: '/app/folders', label: 'Folders' },
  { href: '/app/domains', label: 'Domains' },
  { href: '/app/print', label: 'Print sheets' },
  { href: '/app/developers', label: 'Developers' },
  { href: '/app/usage', label: 'Usage and plan' },
];

/** The signed-in frame: skip link, header with workspace and account, navigation, main. */
export function Shell({ children }: { children: ComponentChildren }) {
  const me = useMe();
  const { path } = useLocation();
  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="shell__header">
        <a class="brand" href="/app/codes" aria-label="QR platform, codes">
          <span class="brand__mark" aria-hidden="true" />
          QR platform
        </a>
        <WorkspaceSwitcher me={me} />
        <AccountMenu me={me} />
      </header>
      <nav class="shell__nav" aria-label="Main">
        <ul>
          {NAV.map((item) => {
            const current = path === item.href || path.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                <a href={item.href} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" class="shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function WorkspaceSwitcher({ me }: { me: Me }) {
  const { accept } = useSession();
  const { route } = useLocation();
  const [busy, setBusy] = useState(false);
  if (me.workspaces.length < 2) {
    return (
      <p class="workspace">
        <span class="workspace__name">{me.workspace.name}</span> <span class="badge badge--neutral">{me.workspace.plan}</span>{' '}
        <span class="muted small">{me.workspace.role}</span>
      </p>
    );
  }
  const change = async (workspaceId: string) => {
    setBusy(true);
    try {
      accept(await appApi.post<Me>('/session/workspace', { workspace_id: workspaceId }));
      route('/app/codes');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="workspace">
      <label for="workspace-switch" class="visually-hidden">
        Workspace
      </label>
      <select id="workspace-switch" value={me.workspace.id} disabled={busy} onChange={(e) => void change((e.currentTarget as HTMLSelectElement).value)}>
        {me.workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} ({w.plan}, {w.role})
          </option>
        ))}
      </select>
    </div>
  );
}

function AccountMenu({ me }: { me: Me }) {
  const { accept } = useSession();
  const signOut = async () => accept(await appApi.del<SignedOut>('/session'));
  return (
    <div class="account">
      <a href="/app/account" class="account__email">
        {me.account.email}
      </a>
      <button type="button" class="button button--small" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
