/**
 * The chat-room opener (SPEC §2 Profile routes /groupchat/service?platform=web): opens the chat in its own sized
 * window, detached from this page (noopener: the chat cannot reach back into the header). Where pop-ups are
 * blocked, the caller's link still navigates in a new tab.
 */
import { withLangPrefix } from '../../common/domain/route.ts';

/** SPEC §2 chat path. */
export const CHAT_ROOM_PATH = '/groupchat/service?platform=web';
/** The chat window, px. */
export const CHAT_WINDOW = { width: 420, height: 640 } as const;

/** The chat URL under the language prefix. */
export function chatRoomHref(langPrefix: string): string {
  return withLangPrefix(langPrefix, CHAT_ROOM_PATH);
}

/** window.open features for the chat, centred on a screen of `screenW` × `screenH` px. */
export function chatWindowFeatures(screenW: number, screenH: number): string {
  const left = Math.max(0, Math.round((screenW - CHAT_WINDOW.width) / 2));
  const top = Math.max(0, Math.round((screenH - CHAT_WINDOW.height) / 2));
  return `popup,noopener,noreferrer,width=${CHAT_WINDOW.width},height=${CHAT_WINDOW.height},left=${left},top=${top}`;
}

/** Opens the chat window; returns false when window.open threw (the caller lets the link navigate). */
export function openChatRoom(
  href: string,
  open: (url: string, target: string, features: string) => unknown,
  screenSize: { width: number; height: number },
): boolean {
  try {
    open(href, 'chatroom', chatWindowFeatures(screenSize.width, screenSize.height));
    return true;
  } catch {
    return false;
  }
}
