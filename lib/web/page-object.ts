import { notFound } from "next/navigation";
import { NotFound } from "@/lib/errors";

/**
 * For pages: reads the object the URL names with the same lib/ function as its /api/web route, so a
 * missing one (or another workspace's) renders the app's not-found page with status 404 instead of
 * a page whose data then fails to load. Other errors go to the error boundary.
 */
export async function pageObject<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}
