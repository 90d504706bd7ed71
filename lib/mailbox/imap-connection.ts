import { ImapFlow } from "imapflow";
import type { MailboxSettings } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";

// One IMAP connection to a workspace's mailbox (imapflow). imapflow IDLEs by itself on the open
// folder when the server offers IDLE, and otherwise sends NOOP, which makes the server report new
// mail just as well; the intake loop polls on a timer besides.

export function imapClient(mailbox: MailboxSettings): ImapFlow {
  return new ImapFlow({
    host: mailbox.host.replace(/^\[|\]$/g, ""),
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.username, pass: mailbox.passwordEncrypted ? decryptSecret(mailbox.passwordEncrypted) : "" },
    logger: false,
    missingIdleCommand: "NOOP",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 5 * 60_000,
    maxIdleTime: 5 * 60_000,
  });
}

/** Connects, logs in and opens each folder read-only, reading nothing. Says why when it fails. */
export async function checkImap(mailbox: MailboxSettings): Promise<{ ok: boolean; message: string }> {
  const client = imapClient(mailbox);
  client.on("error", () => undefined); // the awaited call below reports it
  try {
    await client.connect();
    const counts: string[] = [];
    for (const folder of mailbox.folders) {
      const status = await client.status(folder, { messages: true }).catch((error: Error) => {
        throw new Error(`folder ${folder}: ${error.message}`);
      });
      counts.push(`${folder} (${status ? (status.messages ?? 0) : 0} messages)`);
    }
    const idle = client.capabilities.has("IDLE") ? "IDLE" : "polling";
    return { ok: true, message: `Connected to ${mailbox.host}:${mailbox.port} as ${mailbox.username}; ${counts.join(", ")}; new mail by ${idle}.` };
  } catch (error) {
    const err = error as Error & { responseText?: string; authenticationFailed?: boolean };
    const why = err.authenticationFailed ? "login refused" : err.responseText || err.message;
    return { ok: false, message: `${mailbox.host}:${mailbox.port} refused: ${why}`.slice(0, 500) };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
