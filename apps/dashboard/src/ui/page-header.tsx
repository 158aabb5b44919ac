import { type ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/** The page's one h1 (also the document title) and its main actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: string;
  subtitle?: ComponentChildren;
  actions?: ComponentChildren;
  back?: { href: string; label: string };
}) {
  useEffect(() => {
    document.title = `${title} · QR platform`;
  }, [title]);
  return (
    <div class="page-header">
      {back ? (
        <a class="page-header__back" href={back.href}>
          ← {back.label}
        </a>
      ) : null}
      <div class="page-header__row">
        <div>
          <h1>{title}</h1>
          {subtitle ? <p class="page-header__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div class="page-header__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
