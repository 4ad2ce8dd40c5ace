// Starts the real product as `npm run serve` would, on a free port with a fresh data folder,
// and stops it after the journey. The web build must exist (`npm test` builds it first).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SIMULATOR_DELAY_MS: '300',
      SIMULATOR_FAILURE_RATE: '0',
      SIMULATOR_NOT_ON_VIBER_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) throw new Error(`Server did not start:\n${output}`);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest sign-in code the simulator "sent" to a phone, read from the dev outbox API. */
export async function readCode(serverUrl: string, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${serverUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const code = messages.map((m) => m.text.match(/code is (\d{6})/)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No code for ${phone}`);
}
