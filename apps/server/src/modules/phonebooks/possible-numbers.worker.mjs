// The thread behind possible-numbers.ts: answers "can this number exist?" with core's own
// isPossibleNumber (libphonenumber) for a list of numbers at a time. Plain JavaScript that loads
// the TypeScript with tsx itself, so it starts the same under `node --import tsx` and under Vitest.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { isPossibleNumber } = await import('@kurir/core/phone-possible');

parentPort.on('message', ({ id, phones }) => {
  const possible = new Uint8Array(phones.length);
  for (let i = 0; i < phones.length; i++) possible[i] = isPossibleNumber(phones[i]) ? 1 : 0;
  parentPort.postMessage({ id, possible }, [possible.buffer]);
});
parentPort.postMessage({ ready: true });
