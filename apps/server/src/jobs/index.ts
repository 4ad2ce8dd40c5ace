// The background jobs, started in the web process by default (RUN_JOBS) or alone by worker.ts:
// the dispatcher (which also sends scheduled messages when their time comes: a scheduled row is
// simply a queued row that is not due yet), the receipt handler, the retry of early receipts, and
// the Viber fallback of messages whose receipt never came. Stopping: stop claiming, finish the
// submits in hand, then return, so the caller can close the provider and the database.
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SmsProvider } from '../providers/sms/types';
import { createMessageStore, fallBackOverdueViber } from '../modules/messages/lifecycle/message-store';
import { notifyMessagesQueued } from '../modules/messages/lifecycle/queue-signal';
import { receiptHandler, retryUnmatchedReceipts } from '../modules/messages/lifecycle/receipts';
import { UnrecordedAcceptances } from '../modules/messages/lifecycle/unrecorded-acceptances';
import { setHandOffTarget } from '../modules/messages/lifecycle/hand-off';
import { Dispatcher, type JobLogger } from './dispatcher';
import { SimulatorProvider } from '../providers/sms/simulator/simulator';
import { API_CLEANUP_MS, cleanUpApiRecords, startWebhookJobs } from './webhook-delivery';

const RECEIPT_RETRY_MS = 2000;
const VIBER_SWEEP_MS = 5000;

export interface Jobs {
  dispatcher: Dispatcher;
  stop(): Promise<void>;
}

export function startJobs(deps: { db: Database; sms: SmsProvider; config: Pick<Config, 'jobs' | 'sms' | 'webhooks' | 'api'>; log: JobLogger }): Jobs {
  const { db, sms, config, log } = deps;
  // Test API keys' messages go to the simulator, whatever the real provider is.
  const testSms = sms.name === 'simulator' ? sms : new SimulatorProvider(db, { viberValiditySeconds: config.sms.viberValiditySeconds });
  const acceptances = new UnrecordedAcceptances();
  const dispatcher = new Dispatcher(
    createMessageStore(db),
    sms,
    {
      batchSize: config.jobs.batchSize,
      concurrency: config.jobs.concurrency,
      leaseSeconds: config.jobs.leaseSeconds,
      maxAttempts: config.jobs.maxAttempts,
      retryBaseSeconds: config.jobs.retryBaseSeconds,
      pollMs: config.jobs.pollMs,
      viberValiditySeconds: config.sms.viberValiditySeconds,
    },
    log,
    testSms,
    acceptances,
  );
  sms.onReceipt(receiptHandler(db, sms.name, acceptances));
  if (testSms !== sms) testSms.onReceipt(receiptHandler(db, testSms.name, acceptances));
  dispatcher.start();
  // This process's sends are written claimed by this dispatcher and handed to it.
  setHandOffTarget(db, dispatcher);
  const webhooks = startWebhookJobs({ db, config, log });

  const periodic = [
    every(RECEIPT_RETRY_MS, async () => {
      const { dropped } = await retryUnmatchedReceipts(db);
      if (dropped > 0) log.info({ dropped }, 'receipts for unknown messages dropped');
    }, log),
    every(VIBER_SWEEP_MS, async () => {
      if ((await fallBackOverdueViber(db, 1000)) > 0) notifyMessagesQueued();
    }, log),
    every(API_CLEANUP_MS, () => cleanUpApiRecords(db, config), log),
  ];

  return {
    dispatcher,
    async stop() {
      setHandOffTarget(db, null);
      await Promise.all([...periodic.map((p) => p.stop()), webhooks.stop()]);
      await dispatcher.stop();
      if (testSms !== sms) await testSms.close();
    },
  };
}

/** Runs `task` every `ms`, one run at a time; stop() waits for a run in progress. */
export function every(ms: number, task: () => Promise<void>, log: JobLogger) {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    current = task()
      .catch((error: unknown) => log.error({ err: error }, 'periodic job failed'))
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(tick, ms);
      });
  };
  timer = setTimeout(tick, ms);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
