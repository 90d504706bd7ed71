import nodemailer from "nodemailer";
import type { RelaySettings } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";
import { guardedSocket } from "@/lib/net/outbound";

// Talking to an SMTP relay, the workspace's default one (/relay) or a sender's: the connection
// settings the send path uses (lib/sending/send-draft.ts) and the connection check of Settings →
// SMTP relay and Settings → Senders ("Check connection"). A sender's relay is turned into the relay
// settings' shape first (lib/senders/sender-relay.ts), so both go through the same code.

type RelayConnection = Pick<RelaySettings, "host" | "port" | "secure" | "username" | "passwordEncrypted">;

/**
 * Connection settings for nodemailer, with the password decrypted. The socket comes from the
 * outbound guard (getSocket, lib/net/outbound.ts): the host is resolved and every address checked
 * before connecting.
 */
export function relayTransportOptions(relay: RelayConnection) {
  return {
    host: relay.host,
    getSocket: guardedSocket(relay.host, relay.port),
    port: relay.port,
    secure: relay.secure,
    auth: relay.username ? { user: relay.username, pass: relay.passwordEncrypted ? decryptSecret(relay.passwordEncrypted) : "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export type ConnectionCheck = { ok: boolean; message: string };

/**
 * Connects to the relay, says hello and logs in (nodemailer's verify), sending nothing: what an
 * admin checks after changing the settings. Never throws for a relay that fails; says why.
 */
export async function checkConnection(relay: RelayConnection): Promise<ConnectionCheck> {
  const transport = nodemailer.createTransport(relayTransportOptions(relay));
  try {
    await transport.verify();
    return { ok: true, message: `Connected to ${relay.host}:${relay.port}${relay.username ? ` and logged in as ${relay.username}` : ""}.` };
  } catch (error) {
    return { ok: false, message: `${relay.host}:${relay.port} refused: ${(error as Error).message}`.slice(0, 500) };
  } finally {
    transport.close();
  }
}
