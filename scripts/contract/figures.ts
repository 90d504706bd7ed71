import type { Verdict, Violation } from "./prism";

// What the contract run found, from Prism's verdicts on every /v1 exchange of the API test suite:
// the operations the document lists and how many were exercised, requests, server errors, and the
// places where the service and the document disagree:
//   - an answer that does not match the document (undocumented status, body or header off schema);
//   - a request the document forbids that the service accepted (2xx);
// plus, for reading only, requests the document allows that the service refused as malformed (the
// document cannot state every rule: 422s for a business reason land there too).

type DocumentPaths = { paths: Record<string, Record<string, { operationId?: string }>> };
export type Entry = { n: number; method: string; url: string; operation?: string; status: number; code?: string; verdict: Verdict };
type Group = { key: string; count: number; example: string };
export type Figures = {
  date: string;
  operations: number;
  exercised: number;
  answered2xx: number;
  unexercised: string[];
  no2xx: string[];
  requests: number;
  judged: number;
  serverErrors: Group[];
  serverErrorCount: number;
  responseMismatches: Group[];
  responseMismatchCount: number;
  acceptedAgainstDocument: Group[];
  acceptedAgainstDocumentCount: number;
  notJudged: Group[];
  notJudgedCount: number;
  refusedWhatDocumentAllows: Group[];
  refusedCount: number;
  complete: boolean;
  /** Times Prism exited and was started again (set by the session). */
  prismRestarts?: number;
  /** What the contract run adds to the suite: starting Prism, and judging what was left when the suite ended. */
  prismStartMs?: number;
  drainMs?: number;
};

/** method + pathname (under /v1) → operationId, by the document's path templates (literal segments win). */
export function operationMatcher(document: DocumentPaths) {
  const routes = Object.entries(document.paths)
    .flatMap(([template, methods]) => {
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`);
      const params = (template.match(/\{/g) ?? []).length;
      return Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        pattern,
        params,
        id: operation.operationId ?? `${method} ${template}`,
      }));
    })
    .sort((a, b) => a.params - b.params);
  return (method: string, url: string): string | undefined => {
    const pathname = url.split("?")[0].replace(/^\/v1/, "") || "/";
    return routes.find((route) => route.method === method && route.pattern.test(pathname))?.id;
  };
}

export function operationIds(document: DocumentPaths): string[] {
  return Object.values(document.paths).flatMap((methods) => Object.entries(methods).map(([method, op]) => op.operationId ?? method));
}

function group(entries: Entry[], keyOf: (entry: Entry) => string[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    for (const key of new Set(keyOf(entry))) {
      const found = groups.get(key) ?? { key, count: 0, example: `#${entry.n} ${entry.method} ${entry.url.slice(0, 160)} → ${entry.status}` };
      found.count++;
      groups.set(key, found);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

const errors = (list: Violation[]) => list.filter((v) => v.severity === "Error");
const where = (v: Violation) => `${v.location.join(".")}: ${v.message}`.slice(0, 300);
const op = (entry: Entry) => entry.operation ?? `${entry.method} (no operation)`;

export function tally(document: DocumentPaths, entries: Entry[], complete: boolean): Figures {
  const ids = operationIds(document);
  const seen = new Set(entries.map((entry) => entry.operation).filter(Boolean));
  const ok = new Set(
    entries
      .filter((entry) => entry.status >= 200 && entry.status < 300)
      .map((entry) => entry.operation)
      .filter(Boolean),
  );
  const serverErrors = entries.filter((entry) => entry.status >= 500);
  const mismatched = entries.filter((entry) => errors(entry.verdict.response).length > 0);
  const accepted = entries.filter((entry) => entry.status < 300 && errors(entry.verdict.request).length > 0);
  const notJudged = entries.filter((entry) => entry.verdict.prismError);
  const refused = entries.filter(
    (entry) => errors(entry.verdict.request).length === 0 && !entry.verdict.prismError && entry.operation && [400, 422].includes(entry.status),
  );
  return {
    date: new Date().toISOString().slice(0, 10),
    operations: ids.length,
    exercised: ids.filter((id) => seen.has(id)).length,
    answered2xx: ids.filter((id) => ok.has(id)).length,
    unexercised: ids.filter((id) => !seen.has(id)),
    no2xx: ids.filter((id) => !ok.has(id)),
    requests: entries.length,
    judged: entries.length - notJudged.length,
    serverErrors: group(serverErrors, (entry) => [`${op(entry)} ${entry.status} ${entry.code ?? ""}`]),
    serverErrorCount: serverErrors.length,
    responseMismatches: group(mismatched, (entry) => errors(entry.verdict.response).map((v) => `${op(entry)} ${entry.status}: ${where(v)}`)),
    responseMismatchCount: mismatched.length,
    acceptedAgainstDocument: group(accepted, (entry) => errors(entry.verdict.request).map((v) => `${op(entry)} ${entry.status}: ${where(v)}`)),
    acceptedAgainstDocumentCount: accepted.length,
    notJudged: group(notJudged, (entry) => [`${op(entry)}: ${entry.verdict.prismError!.slice(0, 200)}`]),
    notJudgedCount: notJudged.length,
    refusedWhatDocumentAllows: group(refused, (entry) => [`${op(entry)} ${entry.status} ${entry.code ?? ""}`]),
    refusedCount: refused.length,
    complete,
  };
}

/** Failures of the run: server errors, mismatches either way, exchanges Prism could not judge, and (on a full run) unexercised operations. */
export function failures(figures: Figures): string[] {
  const out: string[] = [];
  if (figures.serverErrorCount) out.push(`${figures.serverErrorCount} server errors`);
  if (figures.responseMismatchCount) out.push(`${figures.responseMismatchCount} answers that do not match the document`);
  if (figures.acceptedAgainstDocumentCount) out.push(`${figures.acceptedAgainstDocumentCount} requests the document forbids answered 2xx`);
  if (figures.notJudgedCount) out.push(`${figures.notJudgedCount} exchanges Prism could not judge`);
  if (figures.complete && figures.unexercised.length) out.push(`operations never called: ${figures.unexercised.join(", ")}`);
  return out;
}

export function summaryLines(figures: Figures, detail = 12): string[] {
  const list = (title: string, groups: Group[]) =>
    groups.length
      ? [
          `  ${title}:`,
          ...groups.slice(0, detail).map((g) => `    ${String(g.count).padStart(5)} × ${g.key}\n            e.g. ${g.example}`),
          ...(groups.length > detail ? [`    … ${groups.length - detail} more kinds`] : []),
        ]
      : [];
  return [
    `contract (Stoplight Prism over the API suite), ${figures.date}${figures.complete ? "" : " — a subset of the suite"}:`,
    `  operations in the document: ${figures.operations}; exercised: ${figures.exercised}; answered 2xx at least once: ${figures.answered2xx}`,
    `  requests: ${figures.requests} (judged by Prism: ${figures.judged}; Prism restarted ${figures.prismRestarts ?? 0} times; its start took ${Math.round((figures.prismStartMs ?? 0) / 1000)} s, judging after the suite ${Math.round((figures.drainMs ?? 0) / 1000)} s)`,
    `  server errors (5xx): ${figures.serverErrorCount}`,
    `  schema mismatches: ${figures.responseMismatchCount + figures.acceptedAgainstDocumentCount} (answers off the document: ${figures.responseMismatchCount}; requests the document forbids answered 2xx: ${figures.acceptedAgainstDocumentCount})`,
    `  requests the document allows refused 400/422 (for reading; business rules the document cannot state land here): ${figures.refusedCount}`,
    ...(figures.unexercised.length ? [`  never called: ${figures.unexercised.join(", ")}`] : []),
    ...(figures.no2xx.length ? [`  never answered 2xx: ${figures.no2xx.join(", ")}`] : []),
    ...list("server errors", figures.serverErrors),
    ...list("answers off the document", figures.responseMismatches),
    ...list("requests the document forbids, answered 2xx", figures.acceptedAgainstDocument),
    ...list("not judged", figures.notJudged),
    ...list("refused what the document allows", figures.refusedWhatDocumentAllows),
  ];
}
