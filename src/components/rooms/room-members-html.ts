/**
 * A room's members in its header (their faces, then the list that opens under them), written
 * straight into a string: twenty members' avatars through Astro's attribute spreading were a tenth
 * of the room home's template work (measured).
 */
import { avatarImageHtml } from '../../lib/avatar.ts';
import { escapeHtml, urlAttribute } from '../../lib/html-markup.ts';
import type { RoomMember } from '../../lib/rooms.ts';

const FACES_SHOWN = 5;

/** The first members' faces, overlapping. */
export const roomFacesHtml = (members: RoomMember[]): string =>
  members
    .slice(0, FACES_SHOWN)
    .map((member) => avatarImageHtml(member.profile_image, 28))
    .join('');

/** Each member as a list item linking to their page in the room, the host marked. */
export function roomMemberItemsHtml(members: RoomMember[], roomPath: string): string {
  let html = '';
  for (const member of members) {
    const host = member.role === 'host' ? '<span class="host">호스트</span>' : '';
    const href = `${roomPath}/users/${encodeURIComponent(member.username)}`;
    html += `<li><a href="${urlAttribute(href)}">${avatarImageHtml(member.profile_image, 32)}${escapeHtml(member.nickname)}${host}</a></li>`;
  }
  return html;
}
