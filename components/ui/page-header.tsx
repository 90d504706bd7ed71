import Link from "next/link";
import type { ReactNode } from "react";

type Crumb = { label: string; href?: string };

/** `heading` replaces the plain h1 (it must render one), e.g. a name edited in place. */
export function PageHeader({ title, heading, crumbs = [], children }: { title: string; heading?: ReactNode; crumbs?: Crumb[]; children?: ReactNode }) {
  return (
    <header className="mb-6">
      {crumbs.length ? (
        <nav aria-label="Breadcrumb" className="mb-1 text-sm text-slate-500">
          <ol className="flex flex-wrap items-center gap-1">
            {crumbs.map((crumb, index) => (
              <li key={crumb.label} className="flex items-center gap-1">
                {index > 0 ? <span aria-hidden="true">/</span> : null}
                {crumb.href ? (
                  <Link href={crumb.href} className="hover:text-indigo-700">
                    {crumb.label}
                  </Link>
                ) : (
                  <span>{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {heading ?? <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>}
      {children ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{children}</div> : null}
    </header>
  );
}
