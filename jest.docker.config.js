// Docker tier: the docs' "Build the images without access to Docker Hub" run as written (it builds every
// image), then the images checked one by one, docker-compose.yml started with testcontainers, the
// Kubernetes manifests held to the images, and the docs' "Run with Docker Compose". Needs a Docker
// engine (scripts/docker-engine.sh). One file at a time, in that order: the later ones use the images.
module.exports = require('./jest.shared')({
  displayName: 'docker',
  testMatch: ['<rootDir>/test/e2e/**/*.docker-spec.ts'],
  testSequencer: '<rootDir>/test/e2e/docker-order.js',
  testTimeout: 20 * 60_000,
  maxWorkers: 1,
});
