import { db } from "@/lib/db";

// The values the audit log can be filtered by in the web app: the actions and the actors that
// occur in this workspace's entries.

export type AuditFacets = { actions: string[]; actors: { id: string; type: string; name: string }[] };

export async function auditFacets(workspaceId: string): Promise<AuditFacets> {
  const [actions, actors] = await Promise.all([
    db().auditEntry.groupBy({ by: ["action"], where: { workspaceId }, orderBy: { action: "asc" } }),
    db().auditEntry.groupBy({ by: ["actorId", "actorType", "actorName"], where: { workspaceId }, orderBy: { actorName: "asc" } }),
  ]);
  const seen = new Set<string>();
  return {
    actions: actions.map((row) => row.action),
    // One entry per actor id (a renamed user keeps the newest-sorted name).
    actors: actors
      .filter((row) => !seen.has(row.actorId) && seen.add(row.actorId))
      .map((row) => ({ id: row.actorId, type: row.actorType, name: row.actorName })),
  };
}
