import { unsubscribeForm, unsubscribeNow } from "@/lib/suppressions/unsubscribe-page";

// One-click unsubscribe (RFC 8058), no sign-in: POST suppresses, GET asks first.
type Context = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: Context) {
  return unsubscribeForm((await context.params).token);
}

export async function POST(_request: Request, context: Context) {
  return unsubscribeNow((await context.params).token);
}
