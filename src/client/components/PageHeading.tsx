import type { ReactNode } from 'react';

/** A page's title, a line saying what to do there, and its actions on the right. */
export default function PageHeading({ title, text, extra }: { title: string; text?: string; extra?: ReactNode }) {
  return (
    <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 12, marginBottom: 16 }}>
      <div>
        <h1 style={{ fontSize: 22, fontWeight: 600, margin: 0, color: 'rgba(0, 0, 0, 0.88)' }}>{title}</h1>
        {text ? <p style={{ margin: '6px 0 0', color: 'rgba(0, 0, 0, 0.45)' }}>{text}</p> : null}
      </div>
      {extra}
    </header>
  );
}
