// One place for how jest compiles TypeScript (SWC keeps decorator metadata for Nest DI).
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

module.exports = (overrides) => ({
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  ...overrides,
});
