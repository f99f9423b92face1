/** Where a member's name leads: their profile, or inside a room their room profile. */
export const memberHref = (username: string, roomId?: number): string =>
  roomId === undefined
    ? `/profile/${encodeURIComponent(username)}`
    : `/room/${roomId}/users/${encodeURIComponent(username)}`;
