import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { type JsonSchema, UNLISTED_DECLARATIONS } from './declare';

/**
 * The JSON schema of every body declaration, by class name, for the OpenAPI document's components:
 * each field's schema is the one its decorator states, each class's lists its required fields and is
 * closed. Queries (they become the operations' parameters) and the dashboard's own bodies are left out.
 */
export function declaredSchemas(): Record<string, JsonSchema> {
  const schemas = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => !UNLISTED_DECLARATIONS.has(name)));
}
