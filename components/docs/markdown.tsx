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

export function Markdown({ text, inline = false }: { text: string; inline?: boolean }) {
  return (
    <ReactMarkdown skipHtml components={inline ? { ...COMPONENTS, p: ({ children }) => <>{children}</> } : COMPONENTS}>
      {text}
    </ReactMarkdown>
  );
}
