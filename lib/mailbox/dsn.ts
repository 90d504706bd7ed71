// Delivery status notifications (RFC 3464): the message/delivery-status part is a block of
// per-message fields, then one block of fields per recipient, separated by blank lines.
// A recipient whose Action is `failed` (or whose Status is 5.x.x) bounced hard; `delayed` or a
// 4.x.x status is a soft bounce; `delivered`, `relayed` and `expanded` are not bounces at all.

export type DsnRecipient = { email: string; action: string; status: string; diagnostic: string | null; kind: "hard" | "soft" | null };

function fieldBlocks(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ");
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split("\n")) {
        const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line.trim());
        if (match && !fields.has(match[1].toLowerCase())) fields.set(match[1].toLowerCase(), match[2].trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; Jane@Example.com` → `jane@example.com` (null when it names no address). */
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const value = field.includes(";") ? field.slice(field.indexOf(";") + 1) : field;
  const address = value.trim().replace(/^<|>$/g, "").toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
}

export function bounceKind(action: string, status: string): "hard" | "soft" | null {
  const act = action.toLowerCase();
  if (act === "delivered" || act === "relayed" || act === "expanded") return null;
  if (status.startsWith("5") || (act === "failed" && !status.startsWith("4"))) return "hard";
  if (status.startsWith("4") || act === "delayed" || act === "failed") return "soft";
  return null;
}

export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const recipients: DsnRecipient[] = [];
  for (const fields of fieldBlocks(text)) {
    const email = addressOf(fields.get("final-recipient")) ?? addressOf(fields.get("original-recipient"));
    if (!email || !fields.has("action")) continue; // the per-message block, or a broken one
    const action = fields.get("action")!.toLowerCase();
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get("status") ?? "")?.[0] ?? "";
    recipients.push({ email, action, status, diagnostic: fields.get("diagnostic-code")?.slice(0, 1000) ?? null, kind: bounceKind(action, status) });
  }
  return recipients;
}
