import type { Job } from "bullmq";
import { db } from "@/lib/db";
import { ImportFailure } from "@/lib/imports/csv-source";
import { importRunCsv } from "@/lib/imports/import-run";
import { joinExistingLeads } from "@/lib/imports/join-existing-leads";
import { finishRunIfDone } from "@/lib/pipeline/finish-run";
import { startStages } from "@/lib/pipeline/start-stages";
import type { QueuePayload } from "@/lib/queues";

async function fail(runId: string, code: string, message: string) {
  await db().run.updateMany({ where: { id: runId, status: { in: ["queued", "importing"] } }, data: { status: "failed", errorCode: code, errorMessage: message, finishedAt: new Date() } });
}

export async function processImport(job: Job<QueuePayload<"import">>) {
  const run = await db().run.findUnique({ where: { id: job.data.runId } });
  if (!run || !["queued", "importing"].includes(run.status)) return { skipped: run?.status ?? "missing" };
  await db().run.update({ where: { id: run.id }, data: { status: "importing", startedAt: run.startedAt ?? new Date() } });
  let result;
  try {
    result = run.leadSource ? await joinExistingLeads(run) : await importRunCsv(run);
  } catch (error) {
    if (error instanceof ImportFailure) {
      await fail(run.id, error.code, error.message);
      return { failed: error.code };
    }
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await fail(run.id, "internal", "The import failed repeatedly; see the worker log.");
    throw error;
  }
  await db().runUpload.deleteMany({ where: { runId: run.id } });
  const { count } = await db().run.updateMany({ where: { id: run.id, status: "importing" }, data: { status: "running" } });
  if (count === 1) {
    await startStages(run.id);
    await finishRunIfDone(run.id);
  } else {
    // Canceled while importing: the leads that joined after the cancel end stopped too.
    await db().runLead.updateMany({
      where: { runId: run.id, state: "pending", run: { status: "canceled" } },
      data: { state: "stopped", reasonCode: "run_canceled", reasonMessage: "The run was canceled." },
    });
  }
  return result;
}
