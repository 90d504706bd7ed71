import { z } from "zod";
import { OutboundHost } from "@/lib/net/outbound";
import { DkimSelector } from "@/lib/senders/sender-dns";

// The fields of an SMTP relay as written: the workspace's own (PUT /v1/relay, lib/relay/relay-settings.ts)
// and, by the same rules, each sender's (/v1/senders, lib/senders/senders.ts). They sit with the
// senders, below lib/relay/ (which reads the senders' health and DNS), so the two do not import each
// other (docs/architecture.md "Layers"), as a mailbox's fields do (lib/senders/mailbox-fields.ts).

export const PutRelayBody = z
  .strictObject({
    host: OutboundHost,
    port: z.number().int().min(1).max(65535),
    secure: z.boolean().default(false).meta({ description: "TLS from the start (port 465); otherwise STARTTLS when offered" }),
    username: z.string().max(320).nullable().optional(),
    password: z.string().max(1024).nullable().optional().meta({ description: "Write-only; omit to keep, null to remove" }),
    from_email: z.email().max(320),
    from_name: z.string().trim().max(200).nullable().optional(),
    dkim_selector: DkimSelector.optional().meta({ description: "The DKIM selector its mail is signed with; omit to keep, null to stop checking DKIM" }),
  })
  .meta({ id: "PutRelay" });
export type PutRelayBody = z.infer<typeof PutRelayBody>;
