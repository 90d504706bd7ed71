import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; headers: Map<string, string>; body: string };

function parse(raw: string): { headers: Map<string, string>; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  let body = rest.join("\n\n");
  if (/quoted-printable/i.test(headers.get("content-transfer-encoding") ?? "")) {
    body = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, body: body.replace(/\r\n/g, "\n").trim() };
}

/**
 * A real SMTP server on loopback that keeps what it receives; it accepts the login sam /
 * relay-secret (or none). Recipients listed in `refuse`
 * are refused with 550 (permanent); those in `defer` with 451 (temporary). For a recipient in
 * `hangUp`, the first message is read to its end and the connection then closed without an answer
 * (the sender cannot know the outcome): `kept` stores it first (the relay took it, its answer was
 * lost), `lost` does not (the relay died with it). Later messages to that recipient are accepted.
 * For a recipient in `holdAnswer`, the message is read to its end and kept, but the answer to its
 * end waits until `release()` (a relay slow to answer: the send is in flight meanwhile); `held()`
 * counts the answers waiting.
 */
export async function startSmtpSink(options: { refuse?: string[]; defer?: string[]; hangUp?: Record<string, "kept" | "lost">; holdAnswer?: string[] } = {}) {
  const mails: ReceivedMail[] = [];
  const heldAnswers: (() => void)[] = [];
  const holdAnswer = new Set((options.holdAnswer ?? []).map((to) => to.toLowerCase()));
  const hangUp = new Map(Object.entries(options.hangUp ?? {}).map(([to, how]) => [to.toLowerCase(), how]));
  const sockets = new Map<number, Socket>(); // by the client's port, to close a session's connection
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "sam" && auth.password === "relay-secret") return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (options.refuse?.includes(to)) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      if (options.defer?.includes(to)) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("error", () => undefined);
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        };
        const how = mail.to.map((to) => hangUp.get(to.toLowerCase())).find(Boolean);
        if (how !== "lost") mails.push(mail);
        if (mail.to.some((to) => holdAnswer.has(to.toLowerCase()))) return void heldAnswers.push(() => callback());
        if (!how) return callback();
        for (const to of mail.to) hangUp.delete(to.toLowerCase());
        sockets.get(session.remotePort)?.destroy(); // no answer to the end of the message
      });
    },
  });
  // A client killed mid-conversation (the crash test does that) resets its socket: not our error.
  server.on("error", () => undefined);
  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort!;
    sockets.set(port, socket);
    socket.on("close", () => sockets.delete(port));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    held: () => heldAnswers.length,
    release: () => heldAnswers.splice(0).forEach((answer) => answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
