import { type DynamicModule } from '@nestjs/common';
import { type Deployable } from '../config/runtime-config';
import { type PlatformRuntime } from './platform-runtime';

export interface RunOptions {
  processName: string;
  deployables: readonly Deployable[];
  /** The service modules this process runs, built once the shared runtime exists. */
  modules: (runtime: PlatformRuntime) => DynamicModule[];
  /**
   * All-in-one: this thread is the front, and this file (the app's main) is started again as the
   * background thread once migrations have run (see `serveBackground`).
   */
  backgroundEntry?: string;
}
