import type { ReactNode } from 'react';

/**
 * A centred title, a line of text and an action. antd's Result would do, but it bundles every
 * status illustration, a heavy price for the first load of a public page.
 */
export default function Notice({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <section style={{ textAlign: 'center', padding: '64px 16px' }}>
      <h2 style={{ fontSize: 24, fontWeight: 500, margin: '0 0 12px', color: 'rgba(0, 0, 0, 0.88)' }}>{title}</h2>
      {text ? <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.45)' }}>{text}</p> : null}
      {children}
    </section>
  );
}
