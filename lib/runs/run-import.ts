import { db } from "@/lib/db";
import { ImportFailure } from "@/lib/imports/csv-source";
import { importRunCsv } from "@/lib/imports/import-run";
import { joinExistingLeads } from "@/lib/imports/join-existing-leads";
import { startStages } from "@/lib/pipeline/start-stages";
import { IMPORT_RUN_STATUSES, moveRun, settleRun } from "@/lib/lifecycle/run";
import { moveRunLeads } from "@/lib/lifecycle/run-lead";
import { RUN_LEAD_STATE, RUN_STATUS, type RunStatus } from "@/lib/statuses";

// The import job of a run (queue `import`): queued → importing → running, then the first stage's
// batches are queued. A file that cannot be read (ImportFailure) fails the run at once; any other
// error is retried by the queue, and the run fails only when the last attempt does.

const fail = (runId: string, code: string, message: string) =>
  moveRun(runId, RUN_STATUS.failed, { errorCode: code, errorMessage: message, finishedAt: new Date() });

export async function importRun(runId: string, attempt: { lastAttempt: boolean }) {
  const run = await db().run.findUnique({ where: { id: runId } });
  if (!run || !(IMPORT_RUN_STATUSES as readonly RunStatus[]).includes(run.status as RunStatus)) return { skipped: run?.status ?? "missing" };
  if (!(await moveRun(run.id, RUN_STATUS.importing, { startedAt: run.startedAt ?? new Date() }))) return { skipped: "moved" };
  let result;
  try {
    result = run.leadSource ? await joinExistingLeads(run) : await importRunCsv(run);
  } catch (error) {
    if (error instanceof ImportFailure) {
      await fail(run.id, error.code, error.message);
      return { failed: error.code };
    }
    if (attempt.lastAttempt) await fail(run.id, "internal", "The import failed repeatedly; see the worker log.");
    throw error;
  }
  await db().runUpload.deleteMany({ where: { runId: run.id } });
  if (await moveRun(run.id, RUN_STATUS.running, {}, { from: [RUN_STATUS.importing] })) {
    await startStages(run.id);
    await settleRun(run.id);
  } else {
    // Canceled while importing: the leads that joined after the cancel end stopped too.
    await moveRunLeads(
      { runId: run.id, run: { status: RUN_STATUS.canceled } },
      RUN_LEAD_STATE.stopped,
      { reasonCode: "run_canceled", reasonMessage: "The run was canceled." },
      { from: [RUN_LEAD_STATE.pending] },
    );
  }
  return result;
}
