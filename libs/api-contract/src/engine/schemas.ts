import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { type JsonSchema } from './declare';

/**
 * The JSON schema of every declaration, by class name, for the OpenAPI document's components: each
 * field's schema is the one its decorator states, each class's lists its required fields and is closed.
 */
export function declaredSchemas(): Record<string, JsonSchema> {
  return validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<string, JsonSchema>;
}
