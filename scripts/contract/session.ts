import { writeFileSync } from "node:fs";
import path from "node:path";
import pLimit from "p-limit";
import { tally, operationMatcher, summaryLines, failures, type Entry } from "./figures";
import { startPrism, type Verdict } from "./prism";
import { startTee, type Exchange } from "./tee";

// One contract run, as the API tests' global setup drives it when CONTRACT_REPORT names a file:
// the tee in front of `next start` (the URL the tests and APP_URL use), Prism started on the
// document the service serves, every /v1 exchange judged as it comes (a few at a time), and the
// figures written to CONTRACT_REPORT when the suite ends.

type Document = { paths: Record<string, Record<string, { operationId?: string }>> };

export async function startContractSession(options: { teePort: number; prismPort: number; upstream: string; reportFile: string }) {
  const queue: Exchange[] = [];
  const entries: Entry[] = [];
  const limit = pLimit(4);
  const judging: Promise<void>[] = [];
  let judge: ((exchange: Exchange) => Promise<Verdict>) | undefined;
  let matcher: ((method: string, url: string) => string | undefined) | undefined;

  const submit = (exchange: Exchange) => {
    judging.push(
      limit(async () => {
        const verdict = await judge!(exchange);
        const code = /json/.test(String(exchange.responseHeaders["content-type"] ?? "")) ? codeOf(exchange.responseBody) : undefined;
        entries.push({
          n: exchange.n,
          method: exchange.method,
          url: exchange.url,
          operation: matcher!(exchange.method, exchange.url),
          status: exchange.status,
          code,
          verdict,
        });
      }),
    );
  };
  const tee = await startTee({
    port: options.teePort,
    upstream: new URL(options.upstream),
    onExchange: (exchange) => (judge ? submit(exchange) : queue.push(exchange)),
  });
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  let document: Document | undefined;
  let prismStartMs = 0;

  return {
    url: tee.url,
    /** Once the service answers: Prism on the document it serves; exchanges so far are judged now. */
    attach: async () => {
      const answer = await fetch(`${options.upstream}/v1/openapi.json`);
      if (!answer.ok) throw new Error(`GET /v1/openapi.json answered ${answer.status}`);
      const text = await answer.text();
      document = JSON.parse(text) as Document;
      const file = path.join(path.dirname(options.reportFile), "contract-openapi.json");
      writeFileSync(file, text);
      const starting = Date.now();
      prism = await startPrism({ document: file, port: options.prismPort, logFile: path.join(path.dirname(options.reportFile), "contract-prism.log") });
      prismStartMs = Date.now() - starting;
      matcher = operationMatcher(document);
      judge = prism.judge;
      for (const exchange of queue.splice(0)) submit(exchange);
    },
    /** After the suite: every verdict in, figures written, everything stopped. */
    finish: async (complete: boolean) => {
      const draining = Date.now();
      await tee.close();
      while (judging.length) await Promise.all(judging.splice(0));
      const drainMs = Date.now() - draining;
      await prism?.close();
      if (!document) return;
      entries.sort((a, b) => a.n - b.n);
      const figures = { ...tally(document, entries, complete), prismRestarts: prism?.restarts() ?? 0, prismStartMs, drainMs };
      writeFileSync(options.reportFile, JSON.stringify({ figures, failures: failures(figures), summary: summaryLines(figures) }, null, 2));
      const details = path.join(path.dirname(options.reportFile), "contract-exchanges.json");
      writeFileSync(
        details,
        JSON.stringify(entries.filter((e) => e.status >= 500 || e.verdict.response.length || e.verdict.request.length || e.verdict.prismError)),
      );
    },
  };
}

function codeOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { code?: unknown };
    return typeof parsed?.code === "string" ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}
