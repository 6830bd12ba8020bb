import type { ReactNode } from 'react';

/** The frame of a page inside the shell: a title row and the content. */
export function PageLayout({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="page-layout">
      <header className="page-layout-head">
        <h2 className="page-layout-title">{title}</h2>
        {extra ? <div className="page-layout-extra">{extra}</div> : null}
      </header>
      <div className="page-layout-body">{children}</div>
    </section>
  );
}
