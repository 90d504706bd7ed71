import net from "node:net";

// A small client of SpamAssassin's spamd (the SPAMC/SPAMD protocol 1.5 over TCP, as spamc speaks
// it): one request per connection, `REPORT` with the message and its Content-length; the answer's
// `Spam: True ; 7.2 / 5.0` header gives the verdict, score and threshold, its body the report
// table (points, rule, description) that gives the rules that fired. npm has no maintained client
// (`spamc` is unlicensed and unmaintained, `node-spamd` one release), so this is ours; it is tested
// against a real spamd (lib/spam/spamd-client.test.ts).

export type SpamRule = { name: string; score: number; description: string };
export type SpamVerdict = { isSpam: boolean; score: number; threshold: number; rules: SpamRule[] };

export type SpamdOptions = { host: string; port: number; timeoutMs?: number };

/** spamd answered with an error code, or not in its protocol. `unreachable`: nothing listens there. */
export class SpamdError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = "SpamdError";
  }
}

/** Sends one request and reads spamd's whole answer (spamd closes the connection after it). */
function exchange(options: SpamdOptions, command: string, message: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: options.host, port: options.port });
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(options.timeoutMs ?? 30_000, () => socket.destroy(new SpamdError(`spamd at ${options.host}:${options.port} did not answer in time`)));
    socket.on("connect", () => {
      connected = true;
      const head = command === "PING" ? "PING SPAMC/1.5\r\n\r\n" : `${command} SPAMC/1.5\r\nContent-length: ${message.length}\r\n\r\n`;
      socket.end(Buffer.concat([Buffer.from(head, "latin1"), message]));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof SpamdError
          ? error
          : new SpamdError(
              `spamd at ${options.host}:${options.port}: ${error.message}`,
              !connected && ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH"].includes(error.code ?? ""),
            ),
      ),
    );
    socket.on("close", (hadError) => {
      if (!hadError) resolve(Buffer.concat(chunks));
    });
  });
}

type Response = { headers: Map<string, string>; body: string };

function parseResponse(raw: Buffer): Response {
  const text = raw.toString("utf8");
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const [status, ...lines] = head.split("\r\n");
  const match = /^SPAMD\/(\d+\.\d+) (\d+) (.*)$/.exec(status ?? "");
  if (!match) throw new SpamdError(`spamd answered outside its protocol: ${JSON.stringify((status ?? "").slice(0, 80))}`);
  if (match[2] !== "0") throw new SpamdError(`spamd refused the message: ${match[2]} ${match[3]}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? "" : text.slice(end + 4) };
}

/** `Spam: True ; 7.2 / 5.0` (also `Yes`/`No` from older servers). */
export function parseSpamHeader(value: string | undefined): Omit<SpamVerdict, "rules"> {
  const match = /^\s*(True|False|Yes|No)\s*;\s*(-?[\d.]+)\s*\/\s*(-?[\d.]+)\s*$/i.exec(value ?? "");
  if (!match) throw new SpamdError(`spamd's answer has no readable Spam header: ${JSON.stringify(value ?? null)}`);
  return { isSpam: /^(true|yes)$/i.test(match[1]), score: Number(match[2]), threshold: Number(match[3]) };
}

/**
 * The rules of a REPORT body: its table's rows (` 2.5 RULE_NAME   Description`, a description that
 * wraps goes on indented lines), highest points first.
 */
export function parseReportRules(report: string): SpamRule[] {
  const rules: SpamRule[] = [];
  let inTable = false;
  for (const line of report.split(/\r?\n/)) {
    if (/^\s*-{3,}\s+-{3,}/.test(line)) {
      inTable = true;
      continue;
    }
    if (!inTable) continue;
    const row = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s*(.*)$/.exec(line);
    if (row) rules.push({ score: Number(row[1]), name: row[2], description: row[3].trim() });
    else if (/^\s+\S/.test(line) && rules.length) rules[rules.length - 1].description += ` ${line.trim()}`;
    else if (line.trim() === "") continue;
    else break;
  }
  return rules.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/** Scores a raw RFC 5322 message: verdict, score, threshold and the rules that fired. */
export async function checkMessage(options: SpamdOptions, message: Buffer): Promise<SpamVerdict> {
  const response = parseResponse(await exchange(options, "REPORT", message));
  return { ...parseSpamHeader(response.headers.get("spam")), rules: parseReportRules(response.body) };
}

/** Whether spamd answers `PING` with `PONG`. */
export async function pingSpamd(options: SpamdOptions): Promise<boolean> {
  try {
    const raw = await exchange({ ...options, timeoutMs: options.timeoutMs ?? 2_000 }, "PING", Buffer.alloc(0));
    return /^SPAMD\/\d+\.\d+ 0 PONG/.test(raw.toString("latin1"));
  } catch {
    return false;
  }
}
