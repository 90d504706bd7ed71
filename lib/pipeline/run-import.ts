import { db } from "@/lib/db";
import { ImportFailure } from "@/lib/imports/csv-source";
import { importRunCsv, type ImportResult } from "@/lib/imports/import-run";
import { startStages } from "@/lib/pipeline/start-stages";
import { moveRun, settleRun } from "@/lib/runs/run-status";

/**
 * The import job of a run: `queued`/`importing` → import the CSV → `running`, and its leads go to
 * the first stage. A file that cannot be imported (ImportFailure) fails the run at once; any other
 * error is thrown for BullMQ to retry, and fails the run on the last attempt.
 */
export async function runImport(runId: string, attempt: { lastAttempt: boolean }): Promise<ImportResult | { skipped: string } | { failed: string }> {
  const run = await db().run.findUnique({ where: { id: runId } });
  if (!run || !(await moveRun(run.id, "importing", { startedAt: run.startedAt ?? new Date() }))) return { skipped: run?.status ?? "missing" };
  let result;
  try {
    result = await importRunCsv(run);
  } catch (error) {
    if (error instanceof ImportFailure) {
      await failImport(run.id, error.code, error.message);
      return { failed: error.code };
    }
    if (attempt.lastAttempt) await failImport(run.id, "internal", "The import failed repeatedly; see the worker log.");
    throw error;
  }
  await db().runUpload.deleteMany({ where: { runId: run.id } });
  if (await moveRun(run.id, "running", {}, { from: ["importing"] })) {
    await startStages(run.id);
    await settleRun(run.id);
  }
  return result;
}

async function failImport(runId: string, code: string, message: string) {
  await moveRun(runId, "failed", { errorCode: code, errorMessage: message, finishedAt: new Date() });
}
