import type { Socket } from "node:net";
import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer/index.js"; // a file, not the folder: Node's ESM loader (Playwright's) refuses folder imports
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import type Mail from "nodemailer/lib/mailer";

// One SMTP conversation that hands one message to the relay, with a hook that runs just before the
// end of the message (the final "<CRLF>.<CRLF>") is written. A relay accepts nothing until it reads
// that line: a connection lost earlier leaves no mail behind (RFC 5321 §4.1.1.4). So the caller
// can record "the end is going out now" in PostgreSQL first, and after a crash knows which side of
// that line it was on. nodemailer's SMTPConnection does the protocol; we only feed it the message
// as a stream whose end waits for the hook.

/** `getSocket` (the outbound guard's, lib/net/outbound.ts) opens the connection after checking the address. */
export type RelayConnection = {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
  getSocket?: (options: unknown, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void) => void;
};

export type DeliveryError = Error & { responseCode?: number; command?: string; code?: string; afterEnd: boolean };

/** Builds the raw RFC 5322 message (nodemailer's MailComposer). */
export async function composeMessage(mail: Mail.Options): Promise<Buffer> {
  return new MailComposer(mail).compile().build();
}

function guardedConnection(relay: RelayConnection): Promise<Socket | undefined> {
  const getSocket = relay.getSocket;
  if (!getSocket) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => getSocket({}, (error, options) => (error ? reject(error) : resolve(options?.connection))));
}

function connect(connection: SMTPConnection): Promise<void> {
  return new Promise((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
}

function login(connection: SMTPConnection, auth: { user: string; pass: string }): Promise<void> {
  return new Promise((resolve, reject) => connection.login(auth, (error) => (error ? reject(error) : resolve())));
}

/**
 * Sends `raw` from `from` to `to`. `beforeEnd` runs once the relay has taken the envelope and the
 * body, before the end of the message; if it throws, the message is abandoned (no mail). Errors
 * carry `afterEnd`: false means the relay certainly did not accept the message.
 */
export async function deliver(
  relay: RelayConnection,
  envelope: { from: string; to: string },
  raw: Buffer,
  beforeEnd: () => Promise<void>,
): Promise<{ response: string }> {
  // A refused address fails here, before any SMTP conversation: nothing can have been sent.
  const socket = await guardedConnection(relay).catch((error: unknown) => {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { afterEnd: false }) as DeliveryError;
  });
  const connection = new SMTPConnection({
    host: relay.host,
    port: relay.port,
    secure: relay.secure,
    connection: socket,
    connectionTimeout: relay.connectionTimeout,
    greetingTimeout: relay.greetingTimeout,
    socketTimeout: relay.socketTimeout,
  });
  let endWritten = false;
  let settled = false;
  const failed = (error: unknown): DeliveryError => Object.assign(error instanceof Error ? error : new Error(String(error)), { afterEnd: endWritten });
  // A connection the relay drops (or that fails) mid-conversation is reported only as an `error`
  // event, never to the pending callback: without this, a relay that hangs up after the end of the
  // message would leave the attempt waiting forever, its send in `committing`.
  let broke: (error: Error) => void = () => undefined;
  const broken = new Promise<never>((_resolve, reject) => (broke = reject));
  broken.catch(() => undefined);
  connection.on("error", (error: Error) => broke(error));
  connection.on("end", () => broke(new Error("The relay closed the connection without an answer")));
  const unlessBroken = <T>(step: Promise<T>) => Promise.race([step, broken]);
  try {
    await unlessBroken(connect(connection));
    if (relay.auth) await unlessBroken(login(connection, relay.auth));
    async function* message() {
      yield raw;
      // The envelope was refused: nodemailer drains the message into nothing; never mark it.
      if (settled) throw new Error("envelope refused");
      await beforeEnd();
      endWritten = true;
    }
    return await unlessBroken(
      new Promise<{ response: string }>((resolve, reject) => {
        connection.send(envelope, Readable.from(message()), (error, info) => {
          settled = true;
          if (error) reject(failed(error));
          else resolve({ response: String(info.response ?? "") });
        });
      }),
    );
  } catch (error) {
    throw failed(error);
  } finally {
    settled = true;
    // QUIT after a finished message; a message cut short is dropped with the connection.
    if (endWritten) connection.quit();
    connection.close();
  }
}
