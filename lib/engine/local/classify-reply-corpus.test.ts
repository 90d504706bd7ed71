import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import { REPLY_CATEGORIES } from "@/lib/replies/categories";

// The labelled corpus (corpus/*.jsonl, written for this project: replies as people and mail
// servers send them, some with quoted text and signatures) read by the local classifier with
// every category allowed. Prints the accuracy and the misses; fails under 90 %.

type Example = { label: string; text: string; subject?: string; from?: string };
const dir = path.join(import.meta.dirname, "corpus");
const corpus: Example[] = readdirSync(dir)
  .filter((file) => file.endsWith(".jsonl"))
  .flatMap((file) =>
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Example),
  );

describe("local reply classifier on the labelled corpus", () => {
  it("has at least 200 labelled replies, every category represented", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    for (const category of REPLY_CATEGORIES)
      expect(
        corpus.some((example) => example.label === category),
        category,
      ).toBe(true);
  });

  it("classifies at least 90 % of them right", () => {
    const misses = corpus.map((example) => ({ example, got: classifyReply(example, "").classification })).filter(({ example, got }) => got !== example.label);
    const accuracy = 1 - misses.length / corpus.length;
    console.log(`reply classifier: ${(accuracy * 100).toFixed(1)} % of ${corpus.length} replies right`);
    for (const { example, got } of misses) console.log(`  miss: ${example.label} read as ${got}: ${JSON.stringify(example.text.slice(0, 80))}`);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });
});
