import { AUTHENTICATED_ERRORS } from './openapi-components';

const json = (schema: object) => ({ 'application/json': { schema } });

export const API_KEYS_PATHS = {
  '/api-keys': {
    post: {
      operationId: 'createApiKey',
      summary: 'Create an API key (owner and editor keys only)',
      description: 'The answer carries `secret` once; only its SHA-256 is stored. A key cannot be given a higher role than the key creating it.',
      tags: ['API keys'],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            role: { enum: ['owner', 'editor', 'viewer'], description: 'Defaults to the calling key’s role' },
            expires_at: { type: 'string', format: 'date-time', description: 'RFC 3339 with an offset' },
          },
        }),
      },
      responses: {
        '201': { description: 'Created', content: json({ $ref: '#/components/schemas/CreatedApiKey' }) },
        '422': { $ref: '#/components/responses/ValidationFailed' },
        ...AUTHENTICATED_ERRORS,
      },
    },
    get: {
      operationId: 'listApiKeys',
      summary: 'List the workspace’s live keys (owner and editor keys only)',
      tags: ['API keys'],
      responses: {
        '200': {
          description: 'Live keys, without secrets',
          content: json({ type: 'object', properties: { object: { const: 'list' }, data: { type: 'array', items: { $ref: '#/components/schemas/ApiKey' } } } }),
        },
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/api-keys/{id}': {
    delete: {
      operationId: 'revokeApiKey',
      summary: 'Revoke a key; it answers 401 from the next request on',
      tags: ['API keys'],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'Revoked', content: json({ type: 'object', properties: { id: { type: 'string' }, object: { const: 'api_key' }, deleted: { const: true } } }) },
        '404': { $ref: '#/components/responses/NotFound' },
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
} as const;
