import type { ReactElement } from "react";
import ReactMarkdown, { type Components } from "react-markdown";

// Descriptions in the OpenAPI document are CommonMark (backticks, links, emphasis): rendered with
// react-markdown, which builds React elements (no raw HTML: `skipHtml`), so it is safe under the CSP.

const COMPONENTS: Components = {
  p: ({ children }) => <p className="mt-1">{children}</p>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">{children}</code>,
  a: ({ children, href }) => (
    <a className="text-indigo-700 underline" href={href}>
      {children}
    </a>
  ),
  ul: ({ children }) => <ul className="mt-1 list-disc pl-5">{children}</ul>,
};

const INLINE: Components = { ...COMPONENTS, p: ({ children }) => <>{children}</> };

// The texts are the API's own descriptions (a fixed set): each is parsed once per process and its
// elements reused (React elements are immutable), instead of a markdown parse per text per request
// of /docs/api. react-markdown's `Markdown` is synchronous and uses no hooks, so it can be called.
const parsed = new Map<string, ReactElement>();
const MAX_PARSED = 2_000;

export function Markdown({ text, inline = false }: { text: string; inline?: boolean }) {
  const key = `${inline ? "i" : "b"}${text}`;
  let element = parsed.get(key);
  if (!element) {
    element = ReactMarkdown({ skipHtml: true, components: inline ? INLINE : COMPONENTS, children: text }) as ReactElement;
    if (parsed.size < MAX_PARSED) parsed.set(key, element);
  }
  return element;
}
