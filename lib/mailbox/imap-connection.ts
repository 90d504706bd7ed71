import { ImapFlow } from "imapflow";
import type { MailboxSettings } from "@/lib/generated/prisma/client.ts";
import ipaddr from "ipaddr.js";
import { decryptSecret } from "@/lib/crypto/secrets";
import { resolveOutboundHost } from "@/lib/net/outbound";

// One IMAP connection to a workspace's mailbox (imapflow). imapflow IDLEs by itself on the open
// folder when the server offers IDLE, and otherwise sends NOOP, which makes the server report new
// mail just as well; the intake loop polls on a timer besides.

/**
 * The host is resolved and every address checked by the outbound rule before connecting (as the
 * relay's SMTP socket is); the connection goes to the checked address, with the name kept for TLS.
 */
export async function imapClient(mailbox: Pick<MailboxSettings, "host" | "port" | "secure" | "username" | "passwordEncrypted">): Promise<ImapFlow> {
  const address = await resolveOutboundHost(mailbox.host);
  const name = mailbox.host.replace(/^\[|\]$/g, "");
  return new ImapFlow({
    host: address,
    port: mailbox.port,
    secure: mailbox.secure,
    servername: ipaddr.isValid(name) ? undefined : name,
    auth: { user: mailbox.username, pass: mailbox.passwordEncrypted ? decryptSecret(mailbox.passwordEncrypted) : "" },
    logger: false,
    missingIdleCommand: "NOOP",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 5 * 60_000,
    maxIdleTime: 5 * 60_000,
  });
}

/** An IMAP failure in plain words: imapflow's "Command failed" becomes what the server answered. */
export function imapErrorWords(error: unknown): string {
  const err = error as Error & { responseText?: string; authenticationFailed?: boolean };
  return err.authenticationFailed ? "login refused" : err.responseText || err.message;
}

/** Connects, logs in and opens each folder read-only, reading nothing. Says why when it fails. */
export async function checkImap(mailbox: MailboxSettings): Promise<{ ok: boolean; message: string }> {
  let client: ImapFlow;
  try {
    client = await imapClient(mailbox);
  } catch (error) {
    return { ok: false, message: `${mailbox.host}:${mailbox.port} refused: ${(error as Error).message}`.slice(0, 500) };
  }
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
    return { ok: false, message: `${mailbox.host}:${mailbox.port} refused: ${imapErrorWords(error)}`.slice(0, 500) };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
