import { expect, test, type Page } from "@playwright/test";
import { appPagePatterns, fillPattern } from "./app-pages";
import { closeLib } from "./pipeline-fixtures";
import { DEMO, screenshots, signedIn } from "./support";
import { longStart, seedHostileWorkspace, X, type Seeded } from "./xss-fixtures";

// XSS strings in every user-controlled field render inert on every page. The hostile values are
// written the way the product writes them (xss-fixtures.ts), then every page under app/ is opened
// as an admin: no dialog, window.__xss never set, no element or handler from a payload in the DOM,
// no live javascript: link, and each field shown as the text it was given (so the test proves the
// field really rendered). A second pass feeds the payloads to every route parameter and to the
// query parameters the pages read. The pages also answer with a Content-Security-Policy.

test.afterAll(closeLib);
test.describe.configure({ mode: "serial" });

type Visit = { url: string; texts?: string[]; values?: string[]; open?: (page: Page) => Promise<void> };

const lead = (s: Seeded, i: number) => s.rows[i];
const bodyLines = (s: Seeded) => s.edited.body.split("\n").filter((line) => line.trim() && line !== "Sam");

/** What each page shows of the hostile workspace. A page not listed is still checked for inertness. */
const VISITS: Record<string, (s: Seeded) => Visit[]> = {
  "/audit": (s) => [{ url: "/audit", texts: [s.tokenName, s.campaign.name] }],
  "/campaigns": (s) => [{ url: "/campaigns", texts: [s.campaign.name] }],
  "/campaigns/[id]": (s) => [
    {
      url: `/campaigns/${s.campaign.id}`,
      texts: [s.campaign.name, s.fork.system],
      open: async (page) => {
        await expect(page.getByTestId("eval-table")).toBeVisible();
        await page.getByRole("button", { name: /^Show all \d+ changed cases$/ }).click();
        await expect(page.getByTestId("changed-cases").getByText(s.evals.caseName).first()).toBeVisible();
      },
    },
  ],
  "/campaigns/[id]/experiments/[experiment_id]": (s) => [{ url: `/campaigns/${s.campaign.id}/experiments/${s.experimentId}`, texts: [s.campaign.name] }],
  "/prompts/evals": (s) => [{ url: "/prompts/evals", texts: [s.evals.setName, s.evals.setDescription] }],
  "/prompts/evals/[id]": (s) => [
    { url: `/prompts/evals/${s.evals.setId}`, texts: [s.evals.setName, s.evals.setDescription, s.evals.caseName, s.evals.caseTitle] },
    { url: `/prompts/evals/${s.evals.builtInQualify}`, texts: [s.evals.caseName] },
    { url: `/prompts/evals/${s.evals.builtInDraft}`, texts: [s.rejectReason] },
  ],
  "/packs": (s) => [{ url: "/packs", texts: [s.packName] }],
  "/packs/[slug]": (s) => [{ url: `/packs/${s.packSlug}`, texts: [s.packName] }],
  "/prompts/[name]/versions/[semver]": (s) => [
    { url: `/prompts/${encodeURIComponent(s.forkName)}/versions/${encodeURIComponent(s.label)}`, texts: [s.fork.system, s.fork.user_template] },
  ],
  "/prompts/[name]": (s) => [{ url: `/prompts/${encodeURIComponent(s.forkName)}?version=${s.label}`, texts: [s.fork.system, s.fork.user_template] }],
  "/review": (s) => [{ url: `/review?run=${s.run.id}`, texts: [lead(s, 2).first_name, lead(s, 2).company] }],
  "/review/drafts/[id]": (s) => [
    {
      url: `/review/drafts/${s.drafts.approved}`,
      texts: [
        s.edited.subject,
        ...bodyLines(s),
        lead(s, 0).first_name,
        lead(s, 0).last_name,
        lead(s, 0).company,
        lead(s, 0).title,
        lead(s, 0).domain,
        lead(s, 0).linkedin_url,
        lead(s, 0).notes,
        lead(s, 0).industry,
      ],
    },
    { url: `/review/drafts/${s.drafts.rejected}`, texts: [s.rejectReason, lead(s, 1).first_name, lead(s, 1).company, lead(s, 1).website, longStart] },
    { url: `/review/drafts/${s.drafts.waiting}`, texts: [lead(s, 2).first_name, lead(s, 2).last_name, lead(s, 2).company] },
  ],
  "/runs/[id]": (s) => [
    {
      url: `/runs/${s.run.id}`,
      texts: [s.csvUrl, lead(s, 0).company, lead(s, 1).company, lead(s, 2).company, lead(s, 2).email],
      open: async (page) => {
        await page
          .getByRole("button", { name: /Trace of/ })
          .first()
          .click();
        await expect(page.getByTestId("trace-qualify").first()).toBeVisible();
      },
    },
  ],
  "/settings/members": (s) => [{ url: "/settings/members", texts: [s.memberName, s.memberEmail] }],
  "/settings/providers": (s) => [{ url: "/settings/providers", texts: [s.model] }],
  "/settings/relay": (s) => [{ url: "/settings/relay", values: [s.relay.username, s.relay.from_name] }],
  "/settings/mailbox": (s) => [{ url: "/settings/mailbox", values: [s.mailbox.username] }],
  "/settings/mailbox/unmatched": (s) => [
    {
      url: "/settings/mailbox/unmatched",
      texts: [s.unmatched.from, s.unmatched.subject],
      open: async (page) => {
        await page.getByRole("button", { name: `Text of the mail from ${s.unmatched.from}` }).click();
        await expect(page.getByText(s.unmatched.text)).toBeVisible();
      },
    },
  ],
  "/runs/[id]/replies": (s) => [{ url: `/runs/${s.run.id}/replies`, texts: [s.reply.subject, s.reply.text] }],
  "/settings/sessions": (s) => [{ url: "/settings/sessions", texts: [s.sessionAgent] }],
  "/settings/suppressions": (s) => [{ url: "/settings/suppressions", texts: [s.suppressionReason] }],
  "/settings/tokens": (s) => [{ url: "/settings/tokens", texts: [s.tokenName] }],
  "/settings/webhooks": (s) => [
    {
      url: "/settings/webhooks",
      texts: [s.endpoint.url, s.endpoint.description],
      open: async (page) => {
        const card = page.getByRole("heading", { name: s.endpoint.url }).locator("xpath=ancestor::*[.//button[contains(., 'Delivery log')]][1]");
        await card.getByRole("button", { name: /Delivery log/ }).click();
        await expect(card.getByRole("list", { name: "Deliveries" })).toBeVisible();
      },
    },
  ],
  "/settings/webhooks/dead-letters": (s) => [{ url: "/settings/webhooks/dead-letters", texts: [s.endpoint.url] }],
};

/** Nothing from a payload ran or became markup. */
async function expectInert(page: Page, dialogs: string[], where: string) {
  const found = await page.evaluate(() => {
    const all = [...document.querySelectorAll("*")];
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.tagName.toLowerCase()} ${a.name}>`)),
      liveJs: [...document.querySelectorAll("a[href], area[href], iframe[src], form[action], [formaction], [xlink\\:href]")]
        .map(
          (el) =>
            el.getAttribute("href") ??
            el.getAttribute("src") ??
            el.getAttribute("action") ??
            el.getAttribute("formaction") ??
            el.getAttribute("xlink:href") ??
            "",
        )
        .filter((value) => /^\s*(javascript|data|vbscript):/i.test(value)),
      injected: [...document.querySelectorAll("img[src='x'], iframe[srcdoc], main svg[onload], main b, main script")].map((el) => el.outerHTML.slice(0, 80)),
      scripts: [...document.scripts].filter((s) => (s.textContent ?? "").trimStart().startsWith("window.__xss")).length,
    };
  });
  expect(found, where).toEqual({ xss: null, handlers: [], liveJs: [], injected: [], scripts: 0 });
  expect(dialogs, where).toEqual([]);
}

async function checkVisit(page: Page, visit: Visit, dialogs: string[]) {
  const response = await page.goto(visit.url);
  expect(response?.status(), visit.url).toBe(200);
  await expect(page.locator("main h1").first()).toBeVisible();
  for (const text of visit.texts ?? [])
    await expect(
      page.getByText(text, { exact: false }).filter({ visible: true }).first(),
      `${visit.url} shows ${JSON.stringify(text.slice(0, 80))}`,
    ).toBeVisible();
  for (const value of visit.values ?? []) {
    await expect
      .poll(
        () => page.locator("input, textarea").evaluateAll((els, v) => els.some((el) => (el as HTMLInputElement).value === v), value),
        `${visit.url} has a field with ${value}`,
      )
      .toBe(true);
  }
  if (visit.open) await visit.open(page);
  await expectInert(page, dialogs, visit.url);
}

let seeded: Seeded;

test("hostile values render as inert text on every page, for an admin", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await signedIn(page, DEMO.admin);
  seeded = await seedHostileWorkspace(request, page.request, baseURL!);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });

  const patterns = appPagePatterns().filter((pattern) => pattern !== "/login");
  expect(patterns.length).toBeGreaterThanOrEqual(19);
  let visited = 0;
  for (const pattern of patterns) {
    const visits = VISITS[pattern]?.(seeded) ?? [{ url: pattern }];
    if (pattern.includes("[")) expect(VISITS[pattern], `${pattern} is a page with a parameter: give it a visit in VISITS`).toBeDefined();
    for (const visit of visits) {
      await checkVisit(page, visit, dialogs);
      visited += 1;
    }
  }
  expect(visited).toBeGreaterThanOrEqual(patterns.length);
  expect(violations, "the Content-Security-Policy blocks nothing the pages need").toEqual([]);
  await page.goto(`/review/drafts/${seeded.drafts.approved}`);
  await expect(page.getByText(seeded.edited.subject).first()).toBeVisible();
  await screenshots(page, "xss-draft");
});

test("the checks fail when a payload does become markup", async ({ page }) => {
  const dialogs: string[] = [];
  await page.setContent(`<main><h1>t</h1><div id="x"></div></main>`);
  for (const html of [X.imgBare, X.svg, `<a href="${X.js}">x</a>`, X.iframe, "<b>bold</b>"]) {
    await page.evaluate((markup) => {
      document.getElementById("x")!.innerHTML = markup;
    }, html);
    await expect(expectInert(page, dialogs, html), html).rejects.toThrow();
  }
});

test("payloads typed into the fork form (its live preview, a refused label) stay text while the page renders them", async ({ page }) => {
  await signedIn(page, DEMO.admin, "/prompts/draft_email");
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Fork v1.5.0…" }).click();
  const form = page.getByRole("form", { name: "Fork into demo" });
  const typed = `Typed ${X.img} ${X.svg} ${X.markdown}`;
  const system = form.getByLabel("System prompt");
  await system.fill(`${await system.inputValue()}\n${typed}`);
  await form.getByLabel("User template").fill(`${X.template} ${X.script}`);
  await form.getByLabel("New label (as)").fill(`v1.5.0-${X.svg}`);
  const preview = form.getByRole("region", { name: "Fork preview against its parent" });
  await expect(preview).toContainText(typed);
  await expect(preview).toContainText(X.script);
  await expect(preview).toContainText(`v1.5.0-${X.svg}`);
  await expectInert(page, dialogs, "fork preview");
  await form.getByRole("button", { name: "Create fork" }).click();
  await expect(form.getByLabel("New label (as)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText('must be "v1.5.0-" followed by lower-case letters, digits, dots or hyphens')).toBeVisible();
  await expectInert(page, dialogs, "fork refused");
});

test("payloads in route and query parameters are not reflected as markup", async ({ page }) => {
  // A sweep of every page with up to three payloads each: its time grows with the page count.
  test.setTimeout(240_000);
  await signedIn(page, DEMO.admin);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const query = new URLSearchParams({ version: X.svg, run: X.script, forked: X.img, callbackUrl: X.js, q: X.template }).toString();
  for (const pattern of appPagePatterns().filter((p) => p !== "/login")) {
    for (const payload of pattern.includes("[") ? [X.svg, X.img, X.js] : [X.svg]) {
      const names = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
      const url = `${fillPattern(pattern, Object.fromEntries(names.map((name) => [name, payload])))}?${query}`;
      const response = await page.goto(url);
      expect([200, 404], url).toContain(response?.status());
      await expect(page.locator("h1").first()).toBeVisible();
      await expectInert(page, dialogs, url);
    }
  }
});

test("the sign-in page ignores hostile callback URLs and errors, and pages answer with a Content-Security-Policy", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const callbackUrl of [X.js, `/${X.svg}`, "//evil.example/", "/\\evil.example", `data:text/html,${X.script}`]) {
    const response = await page.goto(`/login?${new URLSearchParams({ callbackUrl, error: X.script })}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByLabel("Email")).toBeVisible();
    await expectInert(page, dialogs, `/login callbackUrl=${callbackUrl}`);
  }
  await page.goto(`/login?${new URLSearchParams({ callbackUrl: X.js })}`);
  await page.getByLabel("Email").fill(DEMO.admin.email);
  await page.getByLabel("Password").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${DEMO.admin.name}` })).toBeVisible();
  await expectInert(page, dialogs, "after sign-in");

  const nonces = new Set<string>();
  for (const path of ["/login", "/", "/review", "/settings/tokens", "/no-such-page"]) {
    const response = await page.goto(path);
    const csp = response?.headers()["content-security-policy"] ?? "";
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(csp, `${path}: ${directive}`).toContain(directive);
    expect(csp, path).not.toContain("unsafe-eval");
    // Scripts run only with this response's nonce: no 'unsafe-inline' for scripts.
    const scripts = csp.split("; ").find((directive) => directive.startsWith("script-src ")) ?? "";
    expect(scripts, path).not.toContain("unsafe-inline");
    const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    // Every script the server wrote carries it (those they load later are trusted through 'strict-dynamic').
    const html = (await response?.text()) ?? "";
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    expect(
      tags.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
      path,
    ).toEqual([]);
  }
  expect(nonces.size, "a fresh nonce per response").toBe(5);
});
