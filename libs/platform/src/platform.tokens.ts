/** Injection tokens for values that are not classes. */
export const RUNTIME_CONFIG = Symbol('RUNTIME_CONFIG');
export const COMMAND_BUS = Symbol('COMMAND_BUS');
