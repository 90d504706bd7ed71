// `npm run bench:spamd`: SpamAssassin's throughput for the spam-score job (lib/spam). Starts spamd
// like `npm start` does when it is not running (scripts/lib/spamd.mjs: loopback, local tests only,
// 4 children), composes BENCH_MESSAGES (100) drafts as the send would (half plain, half spam-laden,
// each with its own names) and scores them all at 1, 2 and 4 requests at a time; prints messages/s
// and the median and p95 ms per message for each. Only loopback traffic; bounded in count.
import { composeMessage } from "@/lib/sending/smtp-delivery";
import { checkMessage } from "@/lib/spam/spamd-client";
import { CLEAN_DRAFT, SPAMMY_DRAFT } from "@/lib/spam/test-messages";
import { ensureSpamd, spamdAddress } from "../lib/spamd.mjs";

const N = Number(process.env.BENCH_MESSAGES ?? 100);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? "1,2,4").split(",").map(Number);

if (!(await ensureSpamd(process.env))) process.exit(1);
const spamd = { ...spamdAddress(process.env), timeoutMs: 60_000 };

const messages = await Promise.all(
  Array.from({ length: N }, (_, i) => {
    const draft = i % 2 === 0 ? CLEAN_DRAFT : SPAMMY_DRAFT;
    return composeMessage({
      from: { name: "Ada Lovelace", address: "ada@northwind.example" },
      to: `lead${i}@firm${i}.example`,
      subject: draft.subject.replace("Contoso", `Firm ${i}`),
      text: draft.body.replace("Grace", `Ana${i}`).replace("Contoso", `Firm ${i}`),
      headers: { "List-Unsubscribe": `<https://app.example/unsubscribe/${i}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  }),
);

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

// Warm-up: each child reads its compiled rules on its first message.
await Promise.all(messages.slice(0, 8).map((raw) => checkMessage(spamd, raw)));

console.log(`spamd at ${spamd.host}:${spamd.port}, ${N} messages (${messages[0].length}–${messages[1].length} bytes)`);
console.log("concurrency | messages/s | median ms | p95 ms | spam found");
for (const concurrency of LEVELS) {
  const latencies: number[] = [];
  let next = 0;
  let spam = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < messages.length) {
        const raw = messages[next++];
        const t = performance.now();
        const verdict = await checkMessage(spamd, raw);
        latencies.push(performance.now() - t);
        if (verdict.isSpam) spam++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${String(concurrency).padStart(11)} | ${(N / seconds).toFixed(1).padStart(10)} | ${percentile(latencies, 0.5).toFixed(0).padStart(9)} | ${percentile(latencies, 0.95).toFixed(0).padStart(6)} | ${spam}/${N}`,
  );
}
