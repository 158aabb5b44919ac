#!/usr/bin/env node
// `npm start`: the all-in-one server (all five services, SQLite under ./data, embedded event log).
require('./ensure-built');
require('../dist/apps/all-in-one/src/main.js');
