/** Shared button looks; the families restyle .btn through the theme's radius and their own rules. */
export const buttonsCss = `
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:44px;padding:0 22px;border:1px solid transparent;border-radius:var(--radius);font-size:16px;line-height:1;white-space:nowrap;cursor:pointer;transition:transform .15s,filter .15s,background .2s}
.btn:hover{transform:translateY(-1px);filter:brightness(1.08)}
.btn-accent{background:linear-gradient(180deg,var(--accent),color-mix(in srgb,var(--accent) 78%,#000));color:var(--on-accent);box-shadow:0 6px 18px -6px var(--accent)}
.btn-ghost{border-color:currentColor;background:transparent}
.btn .ico{width:20px;height:20px}
`;
