"use client";

import { KNOWN_COLUMNS, type CsvPreview, type Mapping } from "@/components/runs/csv-preview";

/** The first rows of the uploaded CSV, each column with the lead field it fills (editable). */
export function CsvMapping({
  preview,
  mapping,
  onChange,
  problems,
}: {
  preview: CsvPreview;
  mapping: Mapping[];
  onChange: (next: Mapping[]) => void;
  problems: string[];
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Preview and column mapping</h3>
      <p className="text-xs text-slate-500">Known columns are mapped for you; the others are kept as attributes. Change any of them below.</p>
      <div className="mt-2 overflow-x-auto rounded-md border border-slate-200">
        <table className="w-full text-left text-sm" aria-label="CSV preview">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              {preview.headers.map((header, i) => (
                <th key={i} scope="col" className="min-w-40 px-3 py-2 align-top font-medium">
                  <span className="block truncate font-mono" title={header}>
                    {header || `(column ${i + 1})`}
                  </span>
                  <select
                    aria-label={`Map column ${header || i + 1}`}
                    value={mapping[i]}
                    onChange={(event) => onChange(mapping.map((m, j) => (j === i ? (event.target.value as Mapping) : m)))}
                    className="mt-1 block w-full rounded border border-slate-300 bg-white px-2 py-1 text-xs"
                  >
                    <option value="attribute">attribute</option>
                    {KNOWN_COLUMNS.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {preview.headers.map((_, i) => (
                  <td key={i} className="max-w-56 truncate px-3 py-1.5 text-slate-700">
                    {row[i] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rows.length === 0 ? <p className="mt-2 text-xs text-slate-500">The file has no rows after its header.</p> : null}
      {problems.length ? (
        <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-rose-700">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
