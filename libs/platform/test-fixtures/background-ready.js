require('./background-thread')('ready');
