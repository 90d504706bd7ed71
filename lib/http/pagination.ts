import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/config";
import { InvalidRequest } from "@/lib/errors";

// Keyset pagination (contract §4): newest first by id (ids are ULIDs, so by creation). The cursor
// is opaque: the list, the workspace and the last id, signed so a garbled or foreign one is a 400.

// `limit` is plain digits: z.coerce would also take " 5", "1e2" or "0x10" (Number's grammar).
const limit = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : value),
  z.number({ error: "must be a whole number from 1 to 100" }).int().min(1).max(100).default(25),
);

export const ListQuery = z.strictObject({
  limit,
  cursor: z.string().max(500).optional(),
});

/** A run filter (`run_id`): a run id (`run_…`), else 400 invalid_request; an unknown run simply matches nothing. */
export const RunIdFilter = z
  .string()
  .regex(/^run_[0-9a-z]{26}$/, { error: "must be a run id (run_…)" })
  .meta({ description: "Only those of this run (`run_…`)" });

export type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

function sign(payload: string): string {
  return createHmac("sha256", config().AUTH_SECRET).update(payload).digest("base64url").slice(0, 16);
}

export function encodeCursor(list: string, workspaceId: string, lastId: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, l: list, w: workspaceId, id: lastId })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The id to continue after, or undefined for the first page. */
export function decodeCursor(list: string, workspaceId: string, cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new InvalidRequest("The cursor is not valid for this list. Start again without one.", [{ path: "cursor", message: "invalid cursor" }]);
  const [payload, signature] = cursor.split(".");
  if (!payload || !signature) throw invalid();
  const expected = sign(payload);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw invalid();
  try {
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (decoded.v !== 1 || decoded.l !== list || decoded.w !== workspaceId || typeof decoded.id !== "string") throw invalid();
    return decoded.id;
  } catch {
    throw invalid();
  }
}

/** Turns limit+1 fetched rows into a page. */
export function toPage<Row extends { id: string }, Out>(rows: Row[], limit: number, list: string, workspaceId: string, present: (row: Row) => Out): Page<Out> {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: shown.map(present),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(list, workspaceId, shown[shown.length - 1].id) : null,
  };
}
