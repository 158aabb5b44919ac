// End-to-end tier: the built all-in-one server (and single deployables) as child processes, driven over HTTP.
module.exports = require('./jest.shared')({
  displayName: 'e2e',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  testTimeout: 120000,
  maxWorkers: 2,
});
