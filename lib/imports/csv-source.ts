import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { outboundAgent } from "@/lib/net/outbound-agent";
import { isOutboundRefusal, outboundUrlProblem } from "@/lib/net/outbound";

// Where a run's CSV comes from: an upload kept in the database, an s3:// object (AWS SDK v3;
// S3_ENDPOINT and S3_FORCE_PATH_STYLE reach any S3-compatible store), or http(s) behind the
// outbound guard. Every source is a stream, capped at CSV_MAX_BYTES.

export class ImportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const FETCH_TIMEOUT_MS = 30_000;

// The SDK warns on every process start under Node 20 that its releases after January 2027 will need
// Node 22. README.md states our Node support (20, the machines' version; 22 recommended); the
// warning would only repeat that at every start, so it is turned off here, where the client is made.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

function s3Client(): S3Client {
  const settings = config();
  return new S3Client({
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    region: process.env.AWS_REGION ?? "us-east-1",
  });
}

async function fromS3(url: URL): Promise<Readable> {
  const bucket = url.hostname;
  const key = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!bucket || !key) throw new ImportFailure("csv_unreachable", "An s3:// URL needs a bucket and a key: s3://bucket/path/file.csv.");
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return object.Body as Readable;
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (name === "NoSuchKey" || name === "NoSuchBucket" || name === "NotFound")
      throw new ImportFailure("csv_not_found", `s3://${bucket}/${key} does not exist.`);
    throw new ImportFailure("csv_unreachable", `Could not read s3://${bucket}/${key}: ${(error as Error).message}`);
  }
}

function fromHttp(url: string): Promise<Readable> {
  const problem = outboundUrlProblem(url);
  if (problem) return Promise.reject(new ImportFailure("outbound_url_refused", `leads_csv_url ${problem}.`));
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { agent: outboundAgent(url), timeout: FETCH_TIMEOUT_MS }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        reject(new ImportFailure("csv_unreachable", `The CSV URL answered ${status} (a redirect); redirects are not followed. Use the final URL.`));
      } else if (status < 200 || status >= 300) {
        response.resume();
        reject(new ImportFailure(status === 404 ? "csv_not_found" : "csv_unreachable", `The CSV URL answered ${status}.`));
      } else resolve(response);
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${FETCH_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => {
      if (isOutboundRefusal(error)) reject(new ImportFailure("outbound_url_refused", "leads_csv_url resolves to a private or reserved address."));
      else reject(new ImportFailure("csv_unreachable", `Could not fetch the CSV: ${error.message}`));
    });
  });
}

async function fromUpload(runId: string): Promise<Readable> {
  const upload = await db().runUpload.findUnique({ where: { runId } });
  if (!upload) throw new ImportFailure("csv_not_found", "The uploaded file is gone.");
  return Readable.from([Buffer.from(upload.content)]);
}

/** Fails the stream with csv_too_large past the byte limit. */
export function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new ImportFailure("csv_too_large", `The CSV is larger than the limit of ${limit} bytes.`));
      else done(null, chunk);
    },
  });
}

export async function openCsv(run: { id: string; leadsCsvUrl: string | null }): Promise<Readable> {
  const source = !run.leadsCsvUrl
    ? await fromUpload(run.id)
    : run.leadsCsvUrl.startsWith("s3://")
      ? await fromS3(new URL(run.leadsCsvUrl))
      : await fromHttp(run.leadsCsvUrl);
  const limited = byteLimit(config().CSV_MAX_BYTES);
  source.on("error", (error) => limited.destroy(error));
  return source.pipe(limited);
}
