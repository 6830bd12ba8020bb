/** The header's unread-notice bell. Placeholder until issue #6's notices land. */
export function NoticeButton() {
  return null;
}
