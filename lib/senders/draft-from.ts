import { db } from "@/lib/db";

// Who a draft goes (or went) out From, as the review queue, the draft page and the inbox show it:
// "From <name> <email>" (contract §13). The sender is the one its send was claimed or scheduled for,
// else its lead's (lib/senders/sender-relay.ts reads it the same way); none is the workspace's
// default sender (/relay), whose address is unknown until a relay is set.

export type DraftFrom = { sender_id: string | null; name: string | null; email: string | null };
type Item = { senderId: string | null | undefined };

/** The From of each item, by its index in `items`. */
export async function draftsFrom(workspaceId: string, items: Item[]): Promise<DraftFrom[]> {
  const ids = [...new Set(items.flatMap((item) => (item.senderId ? [item.senderId] : [])))];
  const [senders, relay] = await Promise.all([
    ids.length ? db().sender.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true, fromName: true, fromEmail: true } }) : [],
    items.some((item) => !item.senderId) ? db().relaySettings.findUnique({ where: { workspaceId }, select: { fromName: true, fromEmail: true } }) : null,
  ]);
  const byId = new Map(senders.map((sender) => [sender.id, sender]));
  return items.map((item) => {
    const sender = item.senderId ? byId.get(item.senderId) : undefined;
    if (item.senderId) return { sender_id: item.senderId, name: sender?.fromName ?? null, email: sender?.fromEmail ?? null };
    return { sender_id: null, name: relay?.fromName ?? null, email: relay?.fromEmail ?? null };
  });
}
