import { log } from "@/lib/log";
import { dispatchOutbox } from "@/lib/webhooks/dispatch";

// Polls the outbox a few times a second and turns new events into deliveries. Several workers may
// run it: rows are claimed with SKIP LOCKED.
const IDLE_MS = 100;

export function startOutboxLoop(): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      let dispatched = 0;
      try {
        dispatched = await dispatchOutbox();
      } catch (error) {
        log.warn({ err: (error as Error).message }, "outbox dispatch failed; will retry");
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      if (dispatched === 0) await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
