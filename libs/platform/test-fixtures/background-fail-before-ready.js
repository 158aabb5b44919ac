require('./background-thread')('fail-before-ready');
