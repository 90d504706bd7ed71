import { Readable } from "node:stream";
import { ImportFailure } from "@/lib/imports/csv-source";

// Between the CSV's bytes and the parser: the encoding and the delimiter, read from the start of
// the file, and the text decoded as a stream (never the whole file).
// - UTF-8, with or without a byte-order mark, is read as is. UTF-16 (LE or BE) with a byte-order
//   mark, what spreadsheets save as "Unicode text", is transcoded.
// - Anything else that is not valid UTF-8 (Latin-1, Windows-1252…) fails the run with
//   csv_unreadable: guessing a legacy encoding would store wrong names without a word.
// - The delimiter is the one of `,` `;` tab `|` that the header row uses most (`,` when none).

const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [",", ";", "\t", "|"] as const;

const NOT_UTF8 =
  'The file is not UTF-8 text (it looks like another encoding, such as Latin-1 or Windows-1252). Save it as "CSV UTF-8"; UTF-16 with a byte-order mark is also read.';

function encodingOf(head: Buffer): { encoding: "utf-8" | "utf-16le" | "utf-16be"; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bom: 2 };
  return { encoding: "utf-8", bom: 0 };
}

/** The delimiter the header row (the text up to its first line break outside quotes) uses most. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Decodes a CSV byte stream into UTF-8 text and tells which delimiter it uses. */
export async function decodeCsv(source: Readable): Promise<{ text: Readable; delimiter: string }> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headParts: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    headParts.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(headParts);
  const { encoding, bom } = encodingOf(head);
  if (bom === 0 && head.length >= 4) {
    const sample = head.subarray(0, 1_000);
    if (sample.filter((byte) => byte === 0).length * 4 >= sample.length) {
      throw new ImportFailure("csv_unreadable", 'The file looks like UTF-16 without a byte-order mark. Save it as "CSV UTF-8".');
    }
  }
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
  const decode = (bytes: Buffer, stream: boolean) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new ImportFailure("csv_unreadable", encoding === "utf-8" ? NOT_UTF8 : `The file is not valid ${encoding.toUpperCase()} text.`);
    }
  };
  const first = decode(head, !ended);
  async function* rest() {
    if (first) yield first;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) break;
      const text = decode(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value), true);
      if (text) yield text;
    }
    const tail = decode(Buffer.alloc(0), false);
    if (tail) yield tail;
  }
  return { text: Readable.from(rest(), { objectMode: false }), delimiter: detectDelimiter(first) };
}
