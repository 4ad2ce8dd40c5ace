// Real server and worker processes for the fault tests: started with `node --import tsx`, the
// environment given, stopped (or killed) by the test.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface KurirProcess {
  child: ChildProcess;
  /** The web address (web processes only). */
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts apps/server/src/<script> and resolves once it says it runs (web: its URL; worker: "worker started"). */
export function startKurir(script: 'main.ts' | 'worker.ts', env: Record<string, string>): Promise<KurirProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src', script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle = (url: string): KurirProcess => ({
    child,
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Kurir is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url || (script === 'worker.ts' && output.includes('worker started'))) {
        clearTimeout(timer);
        resolve(handle(url ?? ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}
