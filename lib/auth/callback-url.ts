/** Only same-site paths are followed after sign-in; anything else goes home. */
export function safeCallbackUrl(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/login")) return "/";
  return value;
}
