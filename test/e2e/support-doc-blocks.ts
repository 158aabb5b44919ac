import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from '@qr/testing';

export const REPO = join(__dirname, '../..');

/** A document's runnable blocks: fenced ```sh <tag>:<step>, in the order they appear. */
export function docBlocks(markdown: string, tag: string): Array<{ step: string; code: string }> {
  return [...markdown.matchAll(new RegExp(`^\`\`\`sh ${tag}:([a-z]+)\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => ({ step: m[1], code: m[2] }));
}

/**
 * A terminal: one bash process that keeps its variables and jobs from step to step. Each step is
 * sourced from a file (stdin stays free: a command that reads it gets end-of-file, not the next step),
 * then a marker is echoed; `set -euo pipefail` makes any failing command end the shell.
 */
export class Terminal {
  private readonly shell: ChildProcess;
  private output = '';
  private exit: string | null = null;
  private count = 0;

  constructor(
    private readonly dir: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.shell = spawn('bash', ['--noprofile', '--norc'], { cwd: REPO, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.shell.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.shell.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.shell.on('exit', (code, signal) => (this.exit = String(code ?? signal)));
    this.shell.stdin!.write('set -euo pipefail\n');
  }

  /** Runs one step and returns what it printed; throws with its output if the shell ends. */
  async run(step: string, code: string, timeoutMs = 90_000): Promise<string> {
    const n = ++this.count;
    const file = join(this.dir, `step-${n}-${step}.sh`);
    writeFileSync(file, code);
    const marker = `@@ step ${n} done @@`;
    const start = this.output.length;
    this.shell.stdin!.write(`source '${file}' < /dev/null\necho '${marker}'\n`);
    await waitUntil(() => this.output.includes(marker, start) || this.exit !== null, `the documented step "${step}" to finish`, timeoutMs, 100);
    if (!this.output.includes(marker, start)) throw new Error(`the documented step "${step}" failed (bash exited ${this.exit}):\n${this.output.slice(start)}`);
    return this.output.slice(start, this.output.indexOf(marker, start));
  }

  kill(): void {
    if (this.exit === null) process.kill(-this.shell.pid!, 'SIGKILL');
  }
}
