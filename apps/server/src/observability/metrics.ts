// The process's own counters, in one registry, incremented with one-line calls from where things
// happen (HTTP hooks, the dispatcher, the receipt handler). Counters are per process, as
// Prometheus expects: it sums them over instances. Figures that belong to the database (queue
// depth, refunds, ledger integrity) are read at scrape time instead, in database-gauges.ts.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'kurir_' });

export const httpRequests = new Counter({
  name: 'kurir_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'kurir_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'kurir_webhook_deliveries_total',
  help: "Providers' webhook calls (delivery reports, payments), by source and status code",
  labelNames: ['source', 'status'] as const,
  registers: [registry],
});

const submits = new Counter({
  name: 'kurir_submits_total',
  help: 'Messages handed to the SMS/Viber provider, by provider and outcome (accepted, temporary_error, permanent_error)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

const receipts = new Counter({
  name: 'kurir_receipts_total',
  help: 'Delivery receipts recorded, by provider and outcome (delivered, failed, fell_back, ignored, contradicted, unmatched)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

/** One submit's outcome: accepted, or the kind of error the provider gave. */
export function countSubmit(provider: string, error?: unknown) {
  const outcome =
    error === undefined ? 'accepted' : (error as { permanent?: unknown }).permanent === true ? 'permanent_error' : 'temporary_error';
  submits.inc({ provider, outcome });
}

export function countReceipt(provider: string, outcome: string) {
  receipts.inc({ provider, outcome });
}
