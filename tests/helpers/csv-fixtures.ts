import http from "node:http";
import type { AddressInfo } from "node:net";

// Lead lists for pipeline tests. Against the saas-outbound profile, the first three fit and
// qualify; the next two do not.
export const GOOD_LEADS = [
  {
    email: "ada@engines.example",
    first_name: "Ada",
    title: "VP of Engineering",
    company: "Engines",
    industry: "Software",
    employees: "400",
    country: "GB",
    notes: "Hiring engineers",
  },
  {
    email: "grace@cobol.example",
    first_name: "Grace",
    title: "CTO",
    company: "Cobol Co",
    industry: "SaaS",
    employees: "120",
    country: "US",
    notes: "Raised a Series A",
  },
  {
    email: "linus@kernel.example",
    first_name: "Linus",
    title: "Head of Platform",
    company: "Kernel",
    industry: "Developer Tools",
    employees: "900",
    country: "SE",
    notes: "",
  },
];
export const POOR_LEADS = [
  { email: "bob@bakery.example", first_name: "Bob", title: "Office Manager", company: "Bakery", industry: "Food", employees: "8", country: "IT", notes: "" },
  {
    email: "intern@engines.example",
    first_name: "Ivy",
    title: "Engineering Intern",
    company: "Engines",
    industry: "Software",
    employees: "400",
    country: "GB",
    notes: "",
  },
];

export function toCsv(rows: Record<string, string>[], extra = ""): string {
  const headers = Object.keys(rows[0]);
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [headers.join(","), ...rows.map((row) => headers.map((h) => quote(row[h] ?? "")).join(","))].join("\r\n") + "\r\n" + extra;
}

/** A loopback HTTP server that serves whatever path → body it is given. */
export async function startFileServer(files: Map<string, string | Buffer>) {
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? "");
    if (body === undefined) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/csv" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
