// The docker tier's order (jest.docker.config.js): the first file builds the images the others use.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = [
  'images-offline.docker-spec.ts',
  'images.docker-spec.ts',
  'compose.docker-spec.ts',
  'deploy-manifests.docker-spec.ts',
  'compose-docs.docker-spec.ts',
];

class DockerOrder extends Sequencer {
  sort(tests) {
    const rank = (t) => {
      const i = ORDER.findIndex((name) => t.path.endsWith(`/${name}`));
      return i === -1 ? ORDER.length : i;
    };
    return [...tests].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = DockerOrder;
