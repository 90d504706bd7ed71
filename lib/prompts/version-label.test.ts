import { describe, expect, it } from "vitest";
import { compareVersionsDesc, parseVersionLabel } from "@/lib/prompts/version-label";

describe("parseVersionLabel", () => {
  it("reads releases and fork labels", () => {
    expect(parseVersionLabel("v1.2.0")).toEqual({ major: 1, minor: 2, patch: 0, label: null });
    expect(parseVersionLabel("v1.2.0-acme.2")).toEqual({ major: 1, minor: 2, patch: 0, label: "acme.2" });
  });

  it.each(["1.2.0", "v1.2", "v01.2.0", "v1.2.0-", "v1.2.0-Acme", "v1.2.0-_x", "v1.2.0 ", "v1.2.0-a/b"])("refuses %s", (label) => {
    expect(parseVersionLabel(label)).toBeNull();
  });

  it("orders newest first, a release before its forks", () => {
    const labels = ["v1.0.0", "v1.10.0", "v1.2.0-acme", "v1.2.0", "v2.0.0"];
    const sorted = labels
      .map((l) => ({ l, v: parseVersionLabel(l)! }))
      .sort((a, b) => compareVersionsDesc(a.v, b.v))
      .map((x) => x.l);
    expect(sorted).toEqual(["v2.0.0", "v1.10.0", "v1.2.0", "v1.2.0-acme", "v1.0.0"]);
  });
});
