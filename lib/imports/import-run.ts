import { parse } from "csv-parse";
import { config } from "@/lib/config";
import { db, sql } from "@/lib/db";
import { newId } from "@/lib/ids";
import { planColumns, readRow, type ColumnPlan, type LeadRow } from "@/lib/imports/columns";
import { decodeCsv } from "@/lib/imports/csv-decoding";
import { ImportFailure, openCsv } from "@/lib/imports/csv-source";
import { insertLeadBatch } from "@/lib/imports/insert-batch";

// The import stage of a run: stream the CSV (never whole), map columns, insert good rows in
// batches, and list bad rows with their spreadsheet row number (the header is row 1). Bad rows
// never stop the run; a missing file, a missing email column or a size limit fails it.
// Safe to run again after a crash: row errors are rewritten and inserts are upserts.

const BATCH_SIZE = 5_000;
const WRITERS = 2;
const RAW_LIMIT = 500;

type RowError = { row: number; code: string; message: string; raw: string };

export type ImportResult = { rows: number; imported: number; invalidRows: number };

async function saveErrors(runId: string, errors: RowError[]) {
  if (errors.length === 0) return;
  await db().csvRowError.createMany({ data: errors.map((error) => ({ id: newId("att"), runId, ...error })) });
  errors.length = 0;
}

export async function importRunCsv(run: { id: string; workspaceId: string; leadsCsvUrl: string | null }): Promise<ImportResult> {
  await db().csvRowError.deleteMany({ where: { runId: run.id } });
  const maxRows = config().CSV_MAX_ROWS;
  const source = await openCsv(run);
  const decoded = await decodeCsv(source).catch((error: unknown) => {
    source.destroy();
    throw error;
  });
  const parser = parse({ delimiter: decoded.delimiter, relax_column_count: true, skip_empty_lines: true, skip_records_with_error: true, raw: true });
  const skips: { records: number; raw: string; message: string }[] = [];
  parser.on("skip", (error: Error & { records: number; raw?: string }) => {
    // One bad row can be reported twice; `records` (good records before it) identifies it.
    if (skips.at(-1)?.records === error.records) return;
    skips.push({ records: error.records, raw: error.raw ?? "", message: error.message });
  });
  decoded.text.on("error", (error) => parser.destroy(error));
  decoded.text.pipe(parser);

  let plan: ColumnPlan | null = null;
  let batch: LeadRow[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  let rows = 0;
  let imported = 0;
  let invalidRows = 0;
  let skipPointer = 0;

  // Batches are written while the next ones are parsed, two at a time (on two connections, so
  // PostgreSQL can use two cores). Rows are unique by email within the file, so they never collide.
  const inFlight = new Set<Promise<void>>();
  const flush = async () => {
    const rowsToWrite = batch;
    const errorsToWrite = errors.splice(0);
    const progress = { rows, invalidRows };
    batch = [];
    while (inFlight.size >= WRITERS) await Promise.race(inFlight);
    const write = (async () => {
      const joined = await insertLeadBatch(run.workspaceId, run.id, rowsToWrite);
      imported += joined; // not `imported += await …`, which would read `imported` before another write adds to it
      await saveErrors(run.id, errorsToWrite);
      await sql().query(
        `UPDATE runs SET rows = GREATEST(rows, $2), "invalidRows" = GREATEST("invalidRows", $3), imported = GREATEST(imported, $4) WHERE id = $1`,
        [run.id, progress.rows, progress.invalidRows, imported],
      );
    })();
    inFlight.add(write);
    write.then(
      () => inFlight.delete(write),
      () => undefined,
    ); // a failed write stays in the set and is rethrown below
  };
  const recordSkipsBefore = (records: number) => {
    while (skipPointer < skips.length && skips[skipPointer].records < records) {
      const skip = skips[skipPointer];
      errors.push({
        row: skip.records + 1 + skipPointer,
        code: "malformed_row",
        message: skip.message.split(":")[0] + ".",
        raw: skip.raw.trimEnd().slice(0, RAW_LIMIT),
      });
      rows++;
      invalidRows++;
      skipPointer++;
    }
  };

  try {
    // Good records so far, this one included (csv-parse's `info.records`; counted here because
    // its `info` option costs more than a third of the parse).
    let records = 0;
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      records++;
      recordSkipsBefore(records);
      const rowNumber = records + skipPointer;
      if (!plan) {
        if (record.every((cell) => !cell.trim())) continue; // blank lines before the header row
        plan = planColumns(record);
        if (plan.emailIndex < 0) throw new ImportFailure("csv_missing_email_column", "The CSV's header row has no email column.");
        continue;
      }
      rows++;
      if (rows > maxRows) throw new ImportFailure("csv_too_many_rows", `The CSV has more than ${maxRows} rows.`);
      const read = readRow(record, plan);
      const problem =
        "code" in read ? read : seen.has(read.emailLower) ? { code: "duplicate_email", message: `${read.email} appears earlier in the file.` } : null;
      if (problem) {
        invalidRows++;
        errors.push({ row: rowNumber, code: problem.code, message: problem.message, raw: raw.trimEnd().slice(0, RAW_LIMIT) });
        continue;
      }
      seen.add((read as LeadRow).emailLower);
      batch.push(read as LeadRow);
      if (batch.length >= BATCH_SIZE) await flush();
    }
    recordSkipsBefore(Number.MAX_SAFE_INTEGER);
    if (!plan) throw new ImportFailure("csv_empty", "The CSV is empty: it needs a header row with an email column.");
    await flush();
    await Promise.all(inFlight);
    return { rows, imported, invalidRows };
  } catch (error) {
    decoded.text.destroy();
    source.destroy();
    await Promise.allSettled(inFlight);
    if (error instanceof ImportFailure) throw error;
    if ((error as { code?: string }).code?.startsWith("CSV_"))
      throw new ImportFailure("csv_unreadable", `The file is not readable as CSV: ${(error as Error).message}`);
    throw error;
  }
}
