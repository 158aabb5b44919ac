// Lint is where architecture is enforced: Nx tags say what may import what,
// and the pure libs may not reach for a framework, an ORM or a broker client.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

const INFRA_PACKAGES = ['@nestjs/*', 'typeorm', 'kafkajs', 'ioredis', 'pg', 'better-sqlite3', 'express', 'prom-client'];

export default tseslint.config(
  { ignores: ['dist/**', 'libs/sdk/dist/**', 'node_modules/**', 'coverage/**', '.nx/**', 'data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    // Nest reads constructor parameter types at runtime: the type-import rule must know that.
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'], bannedExternalImports: INFRA_PACKAGES },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'], bannedExternalImports: INFRA_PACKAGES },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:domain', 'type:contracts', 'type:testing'] },
            // A service may sit on another lib of its own service (gateway on identity); the scope rules below keep services apart.
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:service', 'type:infra', 'type:domain', 'type:contracts', 'type:testing'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:ui', 'type:service', 'type:infra', 'type:domain', 'type:contracts', 'type:testing'] },
            // A deployable's user interface (the dashboard's server side) sits on top of that deployable's service lib.
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:service', 'type:infra', 'type:domain', 'type:contracts', 'type:testing'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:infra', 'type:domain', 'type:contracts', 'type:service'] },
            // The dashboard runs in the browser: it talks to the server over HTTP only, never imports it.
            // The shapes of what it gets are the SDK's types (generated from the same OpenAPI document),
            // and the names and tables it shares with the server come from pure libs' browser entries
            // only (`@qr/<lib>/browser`, enforced by the rule for apps/dashboard below).
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:sdk', 'type:domain'], bannedExternalImports: [...INFRA_PACKAGES, 'node:*'] },
            // The SDK is published on its own: no lib of the monorepo, and no runtime package but standardwebhooks.
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: [], allowedExternalImports: ['standardwebhooks', 'node:*'] },
            // A service never imports another service: it sends commands or consumes events.
            { sourceTag: 'scope:api-gateway', onlyDependOnLibsWithTags: ['scope:api-gateway', 'scope:shared'] },
            { sourceTag: 'scope:qr-service', onlyDependOnLibsWithTags: ['scope:qr-service', 'scope:shared'] },
            { sourceTag: 'scope:redirect-service', onlyDependOnLibsWithTags: ['scope:redirect-service', 'scope:shared'] },
            { sourceTag: 'scope:analytics-service', onlyDependOnLibsWithTags: ['scope:analytics-service', 'scope:shared'] },
            { sourceTag: 'scope:webhook-dispatcher', onlyDependOnLibsWithTags: ['scope:webhook-dispatcher', 'scope:shared'] },
            { sourceTag: 'scope:sdk', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },
  {
    // Production code never imports the test helpers. Nor does a lib's src/testing (fixtures for its own specs):
    // support that needs the helpers lives in libs/testing, so no arrow points from a lib back up to them.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'libs/testing/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@qr/testing', message: 'test helpers are for tests only' }] }] },
  },
  {
    // The dashboard takes only a lib's browser entry; as a later block for the same rule, this one
    // replaces the test-helpers ban above for its files, so it repeats it.
    files: ['apps/dashboard/**/*.ts', 'apps/dashboard/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@qr/testing', message: 'test helpers are for tests only' }],
          patterns: [{ regex: '^@qr/[^/]+$', message: "the dashboard takes a lib's browser entry (@qr/<lib>/browser), never its server-side index" }],
        },
      ],
    },
  },
);
