import { PageHeader } from '../../ui/page-header';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no page here. <a href="/app/codes">Go to your codes</a>.
      </p>
    </>
  );
}
