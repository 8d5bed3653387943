/**
 * Characters: portrait cards, or a showcase of tall panels where the hovered one widens (pure CSS,
 * so it works without script). One markup, two styles.
 */
import type { ReactNode } from 'react';
import type { Role } from '../content';
import type { RoleStyle } from '../design';
import { Fd } from './Display';
import { SectionTitle } from './SectionTitle';
import { Picture, SHOWN } from './Picture';

export function Roles({ roles, style, index }: { roles: Role[]; style: RoleStyle; index?: number }): ReactNode {
  if (!roles.length) return null;
  return (
    <section id="roles" className={`sec roles roles-${style}`}>
      <div className="wrap">
        <SectionTitle title="角色介绍" en="Characters" index={index} />
        <ul className="roles-list">
          {roles.map((role, i) => (
            <li key={i} className="role">
              <Picture className="role-img" src={role.image} alt={role.name} shown={SHOWN.portrait} lazy />
              <div className="role-body">
                <Fd as="h3" className="role-name">
                  {role.name}
                </Fd>
                <span className="role-title">{role.title}</span>
                <p className="role-desc">{role.desc}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export const rolesCss = `
.roles-list{list-style:none;margin:0;padding:0}
.role{position:relative;overflow:hidden;border-radius:var(--radius);background:var(--surface)}
.role-img{width:100%;height:100%;object-fit:cover}
.role-name{margin:0;font-size:30px;line-height:1.2}
.role-title{display:inline-block;margin-top:6px;padding:1px 10px;border:1px solid currentColor;border-radius:calc(var(--radius) / 2);font-size:13px;color:var(--accent-ink)}
.role-desc{margin:10px 0 0;font-size:15px;opacity:.85;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
/* cards */
.roles-cards .roles-list{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:24px}
.roles-cards .role{aspect-ratio:3/4;border:1px solid var(--line);transition:transform .25s}
.roles-cards .role:hover{transform:translateY(-6px)}
.roles-cards .role-img{position:absolute;inset:0;transition:transform .6s}
.roles-cards .role:hover .role-img{transform:scale(1.05)}
.roles-cards .role-body{position:absolute;inset:auto 0 0;padding:72px 20px 20px;background:linear-gradient(transparent,rgba(0,0,0,.85));color:#fff}
/* showcase: tall panels, the hovered one widens */
.roles-showcase .roles-list{display:flex;gap:10px;height:560px}
.roles-showcase .role{flex:1;min-width:0;transition:flex .5s cubic-bezier(.2,.7,.2,1)}
.roles-showcase .role:first-child,.roles-showcase .role:hover{flex:2.4}
.roles-showcase .roles-list:hover .role:first-child:not(:hover){flex:1}
.roles-showcase .role-img{position:absolute;inset:0;filter:saturate(.85) brightness(.8);transition:filter .5s}
.roles-showcase .role:first-child .role-img,.roles-showcase .role:hover .role-img{filter:none}
.roles-showcase .roles-list:hover .role:first-child:not(:hover) .role-img{filter:saturate(.85) brightness(.8)}
.roles-showcase .role-body{position:absolute;inset:0;display:flex;flex-direction:column;justify-content:flex-end;align-items:flex-start;padding:24px;background:linear-gradient(180deg,transparent 50%,rgba(0,0,0,.82));color:#fff}
.roles-showcase .role-name{position:absolute;top:22px;right:16px;max-height:calc(100% - 150px);writing-mode:vertical-rl;font-size:38px;letter-spacing:.16em;text-shadow:0 2px 14px rgba(0,0,0,.65)}
.roles-showcase .role-title{margin:0}
.roles-cards .role-title,.roles-showcase .role-title{border-color:var(--accent);background:color-mix(in srgb,var(--accent) 70%,transparent);color:#fff}
.roles-showcase .role-desc{max-height:0;opacity:0;overflow:hidden;transition:max-height .5s,opacity .5s}
.roles-showcase .role:first-child .role-desc,.roles-showcase .role:hover .role-desc{max-height:120px;opacity:1}
.roles-showcase .roles-list:hover .role:first-child:not(:hover) .role-desc{max-height:0;opacity:0}
@media (max-width:900px){
  .roles-cards .roles-list{grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
  .roles-showcase .roles-list{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));height:auto}
  .roles-showcase .role{aspect-ratio:3/4}
  .roles-showcase .role-desc,.roles-showcase .roles-list:hover .role:first-child:not(:hover) .role-desc{max-height:none;opacity:1}
  .roles-showcase .role-img,.roles-showcase .roles-list:hover .role:first-child:not(:hover) .role-img{filter:none}
  .role-name{font-size:22px}
  .roles-showcase .role-name{position:static;max-height:none;writing-mode:horizontal-tb;font-size:22px;letter-spacing:.04em}
  .roles-showcase .role-body{padding:12px}
  .role-desc{font-size:13px}
  .roles-cards .role-body,.roles-showcase .role-body{padding:48px 12px 12px}
}
`;
