/** Injection tokens for values that are not classes. */
export const RUNTIME_CONFIG = Symbol('RUNTIME_CONFIG');
export const EVENT_LOG = Symbol('EVENT_LOG');
export const COMMAND_BUS = Symbol('COMMAND_BUS');
