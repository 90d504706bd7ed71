import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// Prometheus metrics of this process (prom-client). The web process serves them at /metrics, the
// worker on WORKER_PORT/metrics; each process counts its own, Prometheus adds them up. Kept on
// globalThis so every route bundle of the web process shares one registry.

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "leadpipe_" });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({
      name: "leadpipe_http_requests_total",
      help: "/v1 requests by operation and status",
      labelNames: ["operation", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "leadpipe_http_request_duration_seconds",
      help: "/v1 request latency by operation",
      labelNames: ["operation"],
      buckets: seconds,
      registers: [registry],
    }),
    jobs: new Counter({
      name: "leadpipe_jobs_total",
      help: "Jobs finished by queue and outcome (completed, failed)",
      labelNames: ["queue", "outcome"],
      registers: [registry],
    }),
    stageDuration: new Histogram({
      name: "leadpipe_stage_batch_duration_seconds",
      help: "Time to carry a batch through a stage job, by first stage",
      labelNames: ["stage"],
      buckets: seconds,
      registers: [registry],
    }),
    stageLeads: new Counter({
      name: "leadpipe_stage_leads_total",
      help: "Leads a stage finished, by stage and resulting state",
      labelNames: ["stage", "state"],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: "leadpipe_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome (succeeded, retrying, dead)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    queueJobs: new Gauge({
      name: "leadpipe_queue_jobs",
      help: "Jobs in each queue by state, read at scrape time",
      labelNames: ["queue", "state"],
      registers: [registry],
    }),
    outboxPending: new Gauge({
      name: "leadpipe_outbox_pending_events",
      help: "Events not yet dispatched to webhook deliveries, read at scrape time",
      registers: [registry],
    }),
  };
}

const holder = globalThis as unknown as { leadpipeMetrics?: ReturnType<typeof create> };

export function metrics() {
  holder.leadpipeMetrics ??= create();
  return holder.leadpipeMetrics;
}
