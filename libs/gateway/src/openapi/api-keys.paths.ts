import { AUTHENTICATED_ERRORS, BODY_ERRORS } from './openapi-components';

const json = (schema: object) => ({ 'application/json': { schema } });

export const API_KEYS_PATHS = {
  '/api-keys': {
    post: {
      operationId: 'createApiKey',
      summary: 'Create an API key (owner and editor keys only)',
      description: 'The answer carries `secret` once; only its SHA-256 is stored. A key cannot be given a higher role than the key creating it.',
      tags: ['API keys'],
      requestBody: { required: true, content: json({ $ref: '#/components/schemas/ApiKeyInput' }) },
      responses: {
        '201': { description: 'Created', content: json({ $ref: '#/components/schemas/CreatedApiKey' }) },
        '422': { $ref: '#/components/responses/ValidationFailed' },
        ...BODY_ERRORS,
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
          content: json({ $ref: '#/components/schemas/ApiKeyList' }),
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
        '200': { description: 'Revoked', content: json({ $ref: '#/components/schemas/DeletedApiKey' }) },
        '404': { $ref: '#/components/responses/NotFound' },
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
} as const;
