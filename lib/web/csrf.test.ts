import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "@/lib/web/csrf";

const appUrl = "https://app.example.com";
const check = (method: string, headers: Record<string, string>) => crossSiteRefusal({ method, headers: new Headers(headers), appUrl });

describe("crossSiteRefusal", () => {
  it("lets reads through whatever their origin", () => {
    expect(check("GET", { "sec-fetch-site": "cross-site" })).toBeNull();
  });
  it("accepts same-origin fetches", () => {
    expect(check("POST", { "sec-fetch-site": "same-origin", origin: appUrl })).toBeNull();
  });
  it.each(["cross-site", "same-site", "none"])("refuses Sec-Fetch-Site %s", (site) => {
    expect(check("POST", { "sec-fetch-site": site, origin: appUrl })).toMatch(/Sec-Fetch-Site/);
  });
  it("falls back to Origin: this app's origin or the host the request came to", () => {
    expect(check("POST", { origin: appUrl })).toBeNull();
    expect(check("DELETE", { origin: "http://10.0.0.5:3000", host: "10.0.0.5:3000" })).toBeNull();
    expect(check("PATCH", { origin: "http://internal:3000", host: "127.0.0.1:3000", "x-forwarded-host": "internal:3000" })).toBeNull();
  });
  it("refuses a foreign or garbled Origin, and a request with neither header", () => {
    expect(check("POST", { origin: "https://evil.example", host: "app.example.com" })).toMatch(/not this app/);
    expect(check("POST", { origin: "null", host: "app.example.com" })).toMatch(/not this app/);
    expect(check("POST", { host: "app.example.com" })).toMatch(/neither/);
  });
});
