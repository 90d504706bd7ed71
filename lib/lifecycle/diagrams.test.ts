import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DRAFT_TRANSITIONS } from "@/lib/lifecycle/draft";
import { LEAD_TRANSITIONS } from "@/lib/lifecycle/lead";
import { RUN_LEAD_TRANSITIONS } from "@/lib/lifecycle/run-lead";
import { RUN_TRANSITIONS } from "@/lib/lifecycle/run";
import { SEND_TRANSITIONS } from "@/lib/lifecycle/send";
import { SEQUENCE_TRANSITIONS } from "@/lib/lifecycle/sequence";

// docs/architecture.md draws each lifecycle as a Mermaid state diagram "drawn from the tables".
// These tests hold it to that: every arrow is a move the table allows, and (except for the lead,
// whose diagram is one run's path through a wider table) every move of the table is drawn.

const doc = readFileSync(path.join(process.cwd(), "docs/architecture.md"), "utf8");

/** The arrows of the first Mermaid block after the heading naming `table`, without [*] ends. */
function arrows(table: string): string[] {
  const heading = doc.search(new RegExp(`^### .*\`${table}\``, "m"));
  expect(heading, `a heading naming ${table}`).toBeGreaterThan(-1);
  const block = /```mermaid\n([\s\S]*?)```/.exec(doc.slice(heading));
  expect(block, `a Mermaid block under ${table}`).not.toBeNull();
  return block![1]
    .split("\n")
    .map((line) => /^\s*(\S+)\s*-->\s*([^\s:]+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[1] !== "[*]" && match[2] !== "[*]")
    .map((match) => `${match[1]} -> ${match[2]}`);
}

const moves = (table: Record<string, readonly string[]>) => Object.entries(table).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`));

describe("the lifecycle diagrams in docs/architecture.md", () => {
  const tables = { RUN_TRANSITIONS, RUN_LEAD_TRANSITIONS, DRAFT_TRANSITIONS, SEND_TRANSITIONS, SEQUENCE_TRANSITIONS };
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: the diagram draws exactly the table's moves`, () => {
      const drawn = arrows(name);
      expect(new Set(drawn).size, "no arrow drawn twice").toBe(drawn.length);
      expect([...drawn].sort()).toEqual(moves(table).sort());
    });
  }

  it("LEAD_TRANSITIONS: every arrow of the diagram is a move the table allows", () => {
    const drawn = arrows("LEAD_TRANSITIONS");
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.filter((arrow) => !moves(LEAD_TRANSITIONS).includes(arrow))).toEqual([]);
  });
});
