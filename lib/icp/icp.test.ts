import { describe, expect, it } from "vitest";
import { IcpInput, IcpRules } from "@/lib/icp/icp";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";

const paths = (value: unknown) => {
  const result = IcpInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
};

describe("ICP rules", () => {
  it("takes a whole profile, and reads one stored before seniority and required fields existed", () => {
    expect(IcpInput.parse(SAAS_OUTBOUND_ICP)).toEqual(SAAS_OUTBOUND_ICP);
    const { seniority: _s, required: _r, ...old } = SAAS_OUTBOUND_ICP;
    expect(IcpRules.parse(old)).toMatchObject({ seniority: [], required: [] });
  });

  it("names the field of each malformed rule", () => {
    expect(paths({ ...SAAS_OUTBOUND_ICP, min_score: 120 })).toEqual(["min_score"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, titles: { include: ["Practice Manager", " "], exclude: [] } })).toEqual(["titles.include.1"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, industries: ["Dental", "dental"] })).toEqual(["industries"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, countries: ["us"] })).toEqual(["countries.0"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, seniority: ["boss"] })).toEqual(["seniority.0"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, required: ["email"] })).toEqual(["required.0"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, employees: { min: 500, max: 50 } })).toEqual(["employees.max"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, weights: { title: 0, industry: 0, employees: 0, country: 0, signals: 0 } })).toEqual(["weights"]);
    expect(paths({ ...SAAS_OUTBOUND_ICP, colour: "blue" })).toEqual([""]);
  });
});
