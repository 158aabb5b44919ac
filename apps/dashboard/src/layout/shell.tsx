import { type ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { type Me } from '../api/types';
import { useAction } from '../lib/use-action';
import { useMe, useSession } from '../session';
import { ErrorNotice, Notice } from '../ui/notice';
import { sessionApi } from '../api/endpoints';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';

const NAV: ReadonlyArray<{ href: string; label: string; ownersOnly?: boolean }> = [
  { href: '/app/codes', label: 'Codes' },
  { href: '/app/folders', label: 'Folders' },
  { href: '/app/presets', label: 'Brand presets' },
  { href: '/app/domains', label: 'Domains' },
  { href: '/app/import-links', label: 'Import links' },
  { href: '/app/print', label: 'Print sheets' },
  { href: '/app/developers', label: 'Developers' },
  { href: '/app/members', label: 'Members', ownersOnly: true },
  { href: '/app/audit-log', label: 'Audit log', ownersOnly: true },
  { href: '/app/usage', label: 'Usage and plan' },
];

/** The signed-in frame: skip link, header with workspace and account, navigation, main. */
export function Shell({ children }: { children: ComponentChildren }) {
  const me = useMe();
  const { switchedElsewhere, dismissSwitchedElsewhere } = useSession();
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
          {NAV.filter((item) => !item.ownersOnly || me.permissions.manage_members).map((item) => {
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
        {switchedElsewhere ? (
          <Notice kind="warning" title={`Now showing ${switchedElsewhere}`}>
            <p>
              You switched workspace in another tab, so this tab follows. Anything you were saving here was not saved: check it is meant for this workspace and
              do it again.
            </p>
            <Button small onClick={dismissSwitchedElsewhere} label="OK" />
          </Notice>
        ) : null}
        {children}
      </main>
    </div>
  );
}

function WorkspaceSwitcher({ me }: { me: Me }) {
  const { accept, dismissSwitchedElsewhere } = useSession();
  const { route } = useLocation();
  const { busy, error, run } = useAction();
  if (me.workspaces.length < 2) {
    return (
      <p class="workspace">
        <span class="workspace__name">{me.workspace.name}</span> <span class="badge badge--neutral">{me.workspace.plan}</span>{' '}
        <span class="muted small">{me.workspace.role}</span>
      </p>
    );
  }
  const change = (workspaceId: string) =>
    run(async () => {
      accept(await sessionApi.switchWorkspace(workspaceId));
      dismissSwitchedElsewhere();
      route('/app/codes');
    });
  return (
    <div class="workspace">
      <SelectField
        label="Workspace"
        hideLabel
        class="field--in-table"
        value={me.workspace.id}
        disabled={busy}
        onValue={(id) => void change(id)}
        options={me.workspaces.map((w) => ({ value: w.id, label: `${w.name} (${w.plan}, ${w.role})` }))}
      />
      <ErrorNotice error={error} title="Could not switch workspace" />
    </div>
  );
}

function AccountMenu({ me }: { me: Me }) {
  const { accept } = useSession();
  const { busy, error, run } = useAction();
  const signOut = () => run(async () => accept(await sessionApi.signOut()));
  return (
    <div class="account">
      <a href="/app/account" class="account__email">
        {me.account.email}
      </a>
      <Button small disabled={busy} onClick={() => void signOut()} label={busy ? 'Signing out…' : 'Sign out'} />
      <ErrorNotice error={error} title="Could not sign out" />
    </div>
  );
}
