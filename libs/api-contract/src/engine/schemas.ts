import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { DASHBOARD_DECLARATIONS, type JsonSchema, UNLISTED_DECLARATIONS } from './declare';

/**
 * The JSON schema of every body declaration, by class name, for the OpenAPI document's components:
 * each field's schema is the one its decorator states, each class's lists its required fields and is
 * closed. Queries (they become the operations' parameters) and the dashboard's own bodies are left out.
 */
export function declaredSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(allSchemas()).filter(([name]) => !UNLISTED_DECLARATIONS.has(name)));
}

/** The dashboard's own declarations (`dashboard: true`), for the dashboard's document. */
export function dashboardSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(allSchemas()).filter(([name]) => DASHBOARD_DECLARATIONS.has(name)));
}

function allSchemas(): Record<string, JsonSchema> {
  return validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<string, JsonSchema>;
}
