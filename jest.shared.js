// One place for how jest compiles TypeScript: ts-jest, transpile-only (types are checked by the build),
// which still emits the decorator metadata Nest DI reads.
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {
  ...Object.fromEntries(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`])),
  // The SDK writes ESM-style relative imports (`./client.js`) that name the .ts file next to them.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

module.exports = (overrides) => ({
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  ...overrides,
});
