import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { DASHBOARD_DECLARATIONS, DOCUMENTED_FIELDS, type JsonSchema, UNLISTED_DECLARATIONS } from './declare';

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

// Every declared field: class-validator's own storage holds only the requests' (see DOCUMENTED_FIELDS).
const FROM_DECLARATIONS = { refPointerPrefix: '#/components/schemas/', classValidatorMetadataStorage: DOCUMENTED_FIELDS };

function allSchemas(): Record<string, JsonSchema> {
  return validationMetadatasToSchemas(FROM_DECLARATIONS) as Record<string, JsonSchema>;
}
