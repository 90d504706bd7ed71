import { parse } from "csv-parse/sync";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/audit/record-audit";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { NotFound, ValidationFailed } from "@/lib/errors";
import type { Suppression } from "@/lib/generated/prisma/client.ts";
import { normalizeEmail, suppress, unsuppress, SUPPRESSION_SOURCES } from "@/lib/suppressions/suppressions";

// The suppression list as the API and the page see it: list, add, remove, import a CSV.

const Email = z.email().max(320);

export const SuppressionSchema = z
  .object({ id: z.string(), email: z.string(), reason: z.string(), source: z.enum(SUPPRESSION_SOURCES), created_at: z.string() })
  .meta({ id: "Suppression" });

export const CreateSuppressionBody = z.strictObject({ email: Email, reason: z.string().trim().min(1).max(500) }).meta({ id: "CreateSuppression" });

export const IMPORT_MAX_ROWS = 10_000;
export const ImportSuppressionsBody = z
  .strictObject({
    csv: z.string().min(1).max(900_000).meta({ description: "CSV text with a header row naming an `email` column and, optionally, a `reason` column" }),
    reason: z.string().trim().min(1).max(500).default("Imported").meta({ description: "For rows without a reason of their own" }),
  })
  .meta({ id: "ImportSuppressions" });

export const ImportResultSchema = z
  .object({
    added: z.number().int(),
    already: z.number().int(),
    invalid: z.array(z.object({ row: z.number().int(), message: z.string() })),
  })
  .meta({ id: "SuppressionImport" });

export const SuppressionEmailParams = z.object({ email: Email.meta({ description: "The address (URL-encode the @)", example: "jane@example.com" }) });
/** The same for the web app's handlers, whose path parameters arrive still percent-encoded. */
export const SuppressionEmailWebParams = z.object({
  email: z.preprocess((value) => {
    try {
      return typeof value === "string" ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }, Email),
});
export const RemoveSuppressionQuery = z.strictObject({
  reason: z.string().trim().min(1).max(500).optional().meta({ description: "Why it is removed (kept in the audit log)" }),
});

export const SuppressionsQuery = ListQuery.extend({ email: z.string().max(320).optional().meta({ description: "Exact address, any case" }) });

export function presentSuppression(row: Suppression): z.infer<typeof SuppressionSchema> {
  return {
    id: row.id,
    email: row.emailLower,
    reason: row.reason,
    source: row.source as z.infer<typeof SuppressionSchema>["source"],
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSuppressions(workspaceId: string, options: { limit: number; cursor?: string; email?: string }) {
  const after = decodeCursor("suppressions", workspaceId, options.cursor);
  const rows = await db().suppression.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}), ...(options.email ? { emailLower: normalizeEmail(options.email) } : {}) },
    orderBy: { id: "desc" },
    take: options.limit + 1,
  });
  return toPage(rows, options.limit, "suppressions", workspaceId, presentSuppression);
}

async function findOne(workspaceId: string, email: string) {
  return db().suppression.findUniqueOrThrow({ where: { workspaceId_emailLower: { workspaceId, emailLower: normalizeEmail(email) } } });
}

/** Adds one address by hand: created true (201) or the existing entry unchanged (200). */
export async function addSuppression(workspaceId: string, body: z.infer<typeof CreateSuppressionBody>, actor: Actor) {
  const { created } = await suppress({ workspaceId, email: body.email, reason: body.reason, source: "manual", actor });
  return { created, suppression: presentSuppression(await findOne(workspaceId, body.email)) };
}

export async function removeSuppression(workspaceId: string, email: string, reason: string | undefined, actor: Actor): Promise<void> {
  if (!(await unsuppress({ workspaceId, email, reason, actor }))) throw new NotFound("suppressed address");
}

/** Imports a CSV: each valid address is added (audited one by one); bad rows are listed, not fatal. */
export async function importSuppressions(workspaceId: string, body: z.infer<typeof ImportSuppressionsBody>, actor: Actor) {
  let records: Record<string, string>[];
  try {
    records = parse(body.csv, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new ValidationFailed([{ path: "csv", message: `not readable CSV: ${(error as Error).message}`.slice(0, 300) }]);
  }
  if (records.length === 0 || !("email" in records[0])) throw new ValidationFailed([{ path: "csv", message: "needs a header row with an email column" }]);
  if (records.length > IMPORT_MAX_ROWS) throw new ValidationFailed([{ path: "csv", message: `at most ${IMPORT_MAX_ROWS} rows per import` }]);
  const result = { added: 0, already: 0, invalid: [] as { row: number; message: string }[] };
  for (const [index, record] of records.entries()) {
    const row = index + 2; // spreadsheet numbering: the header is row 1
    const email = (record.email ?? "").trim();
    if (!Email.safeParse(email).success) {
      result.invalid.push({ row, message: email ? "not a valid email address" : "no email" });
      continue;
    }
    const reason = (record.reason ?? "").trim().slice(0, 500) || body.reason;
    const { created } = await suppress({ workspaceId, email, reason, source: "import", actor });
    if (created) result.added += 1;
    else result.already += 1;
  }
  return result;
}
