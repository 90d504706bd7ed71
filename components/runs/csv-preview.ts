import { parse } from "csv-parse/browser/esm/sync";
import { KNOWN_COLUMNS, knownColumnFor, PREVIEW_SAMPLE_ROWS, type KnownColumn } from "@/lib/imports/columns";

// The launcher's preview of an uploaded CSV, in the browser: only the first 64 KiB are read (the
// file itself is never loaded whole). The column mapping is applied by rewriting the header row:
// the upload is the new header followed by the rest of the file as a slice of the original, so the
// server imports it with its usual rules and limits.

const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

export type Mapping = KnownColumn | "attribute";
/** `rows` are shown; `sample` (more of the first rows, within the 64 KiB read) feeds the qualify forecast. */
export type CsvPreview = { delimiter: string; headers: string[]; rows: string[][]; sample: string[][]; headerBytes: number; mapping: Mapping[] };
export { KNOWN_COLUMNS };

export class PreviewError extends Error {}

function delimiterOf(line: string): string {
  const counts = [",", ";", "\t", "|"].map((d) => [d, line.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** Reads the header and the first rows, and maps known columns (others become attributes). */
export async function previewCsv(file: Blob): Promise<CsvPreview> {
  const head = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new PreviewError("This file is UTF-16: it can be uploaded as it is, but it cannot be previewed or remapped here.");
  }
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const newline = head.indexOf(0x0a, bom);
  if (newline < 0 && head.length === PREVIEW_BYTES) throw new PreviewError("The first line is longer than 64 KiB: is this a CSV?");
  const headerEnd = newline < 0 ? head.length : newline + 1;
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const headerLine = decoder.decode(head.slice(bom, headerEnd)).replace(/\r?\n$/, "");
  if (!headerLine.trim()) throw new PreviewError("The first line is empty: the CSV needs a header row with an email column.");
  const delimiter = delimiterOf(headerLine);
  const rest = decoder.decode(head.slice(headerEnd));
  const complete = head.length === file.size ? rest : rest.slice(0, rest.lastIndexOf("\n") + 1);
  let records: string[][];
  try {
    records = parse(`${headerLine}\n${complete}`, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      relax_quotes: true,
      to_line: PREVIEW_SAMPLE_ROWS + 1 + 20,
    });
  } catch (error) {
    throw new PreviewError(`The start of the file is not readable as CSV: ${(error as Error).message}`);
  }
  const [headers = [], ...rows] = records;
  const taken = new Set<KnownColumn>();
  const mapping = headers.map((header): Mapping => {
    const known = knownColumnFor(header);
    if (!known || taken.has(known)) return "attribute";
    taken.add(known);
    return known;
  });
  return { delimiter, headers, rows: rows.slice(0, PREVIEW_ROWS), sample: rows.slice(0, PREVIEW_SAMPLE_ROWS), headerBytes: headerEnd, mapping };
}

function quoteCell(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The header row the server will read: known columns by their names, attributes by theirs (never taken for a known column). */
export function mappedHeader(preview: CsvPreview, mapping: Mapping[]): string[] {
  return preview.headers.map((header, i) => {
    if (mapping[i] !== "attribute") return mapping[i];
    const name = header.trim() || `column_${i + 1}`;
    return knownColumnFor(name) ? `${name} (attribute)` : name;
  });
}

/** The upload: the mapped header, then the rest of the original file (a slice, not a copy). */
export function remappedFile(file: File, preview: CsvPreview, mapping: Mapping[]): File {
  const header = mappedHeader(preview, mapping)
    .map((cell) => quoteCell(cell, preview.delimiter))
    .join(preview.delimiter);
  return new File([`${header}\n`, file.slice(preview.headerBytes)], file.name, { type: "text/csv" });
}

/** Problems with a mapping the server would refuse or read differently. */
export function mappingProblems(mapping: Mapping[]): string[] {
  const problems: string[] = [];
  if (!mapping.includes("email")) problems.push("Map one column to email: every lead needs an address.");
  const counts = new Map<string, number>();
  for (const m of mapping) if (m !== "attribute") counts.set(m, (counts.get(m) ?? 0) + 1);
  for (const [column, count] of counts) if (count > 1) problems.push(`${column} is mapped ${count} times; only the first would be read.`);
  return problems;
}
