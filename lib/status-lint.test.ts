import { describe, expect, it } from "vitest";
import { STATUS_COLUMNS } from "@/lib/statuses";
// @ts-expect-error eslint.config.mjs has no type declarations
import { STATUS_VALUES } from "../eslint.config.mjs";

describe("the status lint rule", () => {
  it("lists exactly the status values of lib/statuses.ts", () => {
    const union = new Set(STATUS_COLUMNS.flatMap(({ values }) => [...values]));
    expect([...new Set(STATUS_VALUES as string[])].sort()).toEqual([...union].sort());
  });
});
