import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { OPERATIONS } from "@/lib/api/operations";
import { CURATED_BODIES, operationExamples } from "@/lib/api/reference-examples";

describe("the API reference's examples", () => {
  it("hand-written request bodies are valid requests for their operations", () => {
    for (const [id, body] of Object.entries(CURATED_BODIES)) {
      const operation = OPERATIONS.find((candidate) => candidate.id === id);
      expect(operation?.body, id).toBeDefined();
      const parsed = operation!.body!.safeParse(body);
      expect(parsed.success ? null : parsed.error.issues, id).toBeNull();
    }
  });

  it("every operation has a curl call with no unfilled path parameters and, for a JSON answer, a sample answer", () => {
    const examples = operationExamples(openApiDocument());
    for (const operation of OPERATIONS) {
      const example = examples.get(operation.id);
      expect(example?.curl, operation.id).toMatch(/^curl /);
      const url = /"\$LEADPIPE_URL(\/v1[^"]*)"/.exec(example!.curl)?.[1];
      expect(url, operation.id).toBeDefined();
      expect(url, operation.id).not.toMatch(/[{}]/); // every {param} filled in
      if (operation.success.schema) expect(() => JSON.parse(example!.response!.body), operation.id).not.toThrow();
      if (operation.body) expect(example!.curl, operation.id).toMatch(/ -d '|-F "file=/);
    }
  });
});
