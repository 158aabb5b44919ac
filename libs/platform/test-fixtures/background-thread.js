// A stand-in for all-in-one's background thread, speaking the same protocol as serveBackground.
// behaviour: 'ready' (runs until stopped), 'fail-before-ready' (throws while starting),
// 'crash-after-ready' (throws when first asked for metrics, after it has reported ready).
const { parentPort } = require('node:worker_threads');

module.exports = function runFixture(behaviour) {
  if (behaviour === 'fail-before-ready') throw new Error('cannot open the event log');
  parentPort.on('message', (m) => {
    if (m.kind === 'metrics') {
      if (behaviour === 'crash-after-ready') throw new Error('consumer blew up');
      m.reply.postMessage([]);
    }
    if (m.kind === 'stop') parentPort.postMessage({ kind: 'stopped' });
  });
  parentPort.postMessage({ kind: 'ready' });
};
