import { describe, expect, it } from "vitest";
import { approvalText, optionLabel, type PinOption } from "@/lib/packs/pin-label";

const option = (over: Partial<PinOption>): PinOption => ({
  name: "draft_email",
  version: "v1.3.0",
  fork: false,
  production: false,
  default: false,
  approvals: [],
  pin: "draft_email:v1.3.0",
  ...over,
});

describe("pin option labels", () => {
  it("names production and the workspace default, and no approval state for a built-in version", () => {
    expect(optionLabel(option({ production: true }))).toBe("draft_email v1.3.0 · production");
    expect(optionLabel(option({ production: true, default: true }))).toBe("draft_email v1.3.0 · production · workspace default");
    expect(approvalText(option({}))).toBeNull();
  });

  it("says a fork no reviewer approved is not approved", () => {
    const fork = option({ name: "draft_email@demo", version: "v1.3.0-dental", fork: true, pin: "draft_email@demo:v1.3.0-dental" });
    expect(optionLabel(fork)).toBe("draft_email@demo v1.3.0-dental · not approved");
  });

  it("names each campaign and pack whose approved prompt set holds the fork", () => {
    const fork = option({
      name: "qualify@demo",
      version: "v1.2.0-strict",
      fork: true,
      default: true,
      approvals: [
        { scope: "campaign", name: "Dental Q4", href: "/campaigns/cmp_1", runPins: false },
        { scope: "pack", name: "Dental clinics", href: "/packs/dental", runPins: true },
      ],
    });
    expect(optionLabel(fork)).toBe("qualify@demo v1.2.0-strict · workspace default · approved for campaign Dental Q4, pack Dental clinics (with run pins)");
  });
});
