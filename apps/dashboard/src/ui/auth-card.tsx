import { type ComponentChildren } from 'preact';
import { PageHeader } from './page-header';

/** The frame of the pages seen before signing in: the brand, a title, one card. */
export function AuthCard({ title, children }: { title?: string; children: ComponentChildren }) {
  return (
    <main class="auth" id="main">
      <div class="auth__card">
        <p class="brand">
          <span class="brand__mark" aria-hidden="true" />
          QR platform
        </p>
        {title ? <PageHeader title={title} /> : null}
        {children}
      </div>
    </main>
  );
}
