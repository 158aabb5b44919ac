require('./background-thread')('crash-after-ready');
