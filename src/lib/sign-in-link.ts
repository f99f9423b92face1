/** A link to a sign-in page that brings the member back to `target` afterwards. */
export function withRedirect(page: string, target: string): string {
  return target === '/' ? page : `${page}?${new URLSearchParams({ redirect: target }).toString()}`;
}
