import { PageHeader } from '../../ui/page-header';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

export function DevelopersPage() {
  return (
    <>
      <PageHeader
        title="Developers"
        subtitle={
          <>
            API keys and webhooks. The API reference is at <a href="/api/public/v1/docs">/api/public/v1/docs</a>.
          </>
        }
      />
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
}
