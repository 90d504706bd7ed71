// Class sets shared by the pages, so buttons and fields look and focus the same everywhere.

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2";
const base = `inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${focus}`;

export const buttonStyles = {
  primary: `${base} bg-indigo-600 text-white hover:bg-indigo-500`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${base} bg-rose-600 text-white hover:bg-rose-500`,
  dangerQuiet: `${base} border border-rose-200 bg-white text-rose-700 shadow-none hover:bg-rose-50`,
  quiet: `${base} px-2.5 py-1.5 text-slate-700 shadow-none hover:bg-slate-100`,
};

export const fieldStyles = {
  label: "block text-sm font-medium text-slate-700",
  input:
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 aria-[invalid=true]:border-rose-400",
  hint: "mt-1 text-xs text-slate-500",
  error: "mt-1 text-xs font-medium text-rose-700",
};

export const cardStyles = "rounded-xl border border-slate-200 bg-white shadow-sm";
