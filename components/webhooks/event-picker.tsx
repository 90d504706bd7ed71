"use client";

import { EVENT_TYPES } from "@/lib/events/types";

/** Checkboxes for the events an endpoint receives; none ticked means every event. */
export function EventPicker({ value, onChange, legend = "Events" }: { value: string[]; onChange: (events: string[]) => void; legend?: string }) {
  const toggle = (type: string) => onChange(value.includes(type) ? value.filter((t) => t !== type) : [...value, type]);
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-700">{legend}</legend>
      <p className="mt-0.5 text-xs text-slate-500">
        {value.length === 0 ? "None ticked: every event is sent." : `${value.length} of ${EVENT_TYPES.length} events are sent.`}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
        {EVENT_TYPES.map((type) => (
          <label
            key={type}
            className="flex items-center gap-2 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50"
          >
            <input type="checkbox" checked={value.includes(type)} onChange={() => toggle(type)} className="accent-indigo-600" />
            <span className="font-mono text-xs text-slate-800">{type}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
