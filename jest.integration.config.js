// Integration tier: real SQLite files, the machine's PostgreSQL and Redis (URLs from the environment).
module.exports = require('./jest.shared')({
  displayName: 'integration',
  testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
});
