import { API_DOCS } from '../../api/client';
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
            API keys and webhooks. The API reference is at <a href={API_DOCS}>{API_DOCS}</a>.
          </>
        }
      />
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
}
