/**
 * Who is reading: the member (if any) and the browser session (if any), which may hold what the
 * browser unlocked without signing in (a protected square post's password).
 */
export interface Reader {
  userId: number | null;
  sessionId: string | null;
}

export const readerFrom = (user: { id: number } | null, session: { id: string } | null): Reader => ({
  userId: user?.id ?? null,
  sessionId: session?.id ?? null,
});
