// The stage registry lives in lib/states/stages.ts (browser-safe, read by components/ too); lib/
// keeps importing it from here.
export * from "@/lib/states/stages";
