module.exports = require('./jest.shared')({ displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] });
