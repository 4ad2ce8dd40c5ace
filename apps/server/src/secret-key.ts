// The key that hashes sign-in codes. Production sets SECRET_KEY (shared by all instances); the
// embedded default makes one on first start and keeps it in DATA_DIR, so codes survive restarts.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';

export function resolveSecretKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}
