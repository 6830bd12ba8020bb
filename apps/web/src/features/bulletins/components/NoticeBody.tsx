/**
 * A notice's body: HTML the server already reduced to its allow-list (modules/bulletins/sanitise.ts: no script,
 * event handler, style or javascript: link survives), so it is shown as markup.
 */
export function NoticeBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by an allow-list before storing
  return <div className="notice-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
