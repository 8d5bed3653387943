/**
 * The background-music switch. site.js tries to play on load; when the browser blocks autoplay the
 * switch shows "off" and the music starts on the visitor's first interaction with the page.
 */
import type { ReactNode } from 'react';
import { MusicIcon } from './Icons';

export function MusicToggle({ src }: { src: string | null }): ReactNode {
  if (!src) return null;
  return (
    <>
      <audio id="bgm" src={src} loop preload="auto" />
      <button type="button" className="music" data-music-toggle="" aria-pressed="false" aria-label="背景音乐开关" title="开启音乐">
        <span className="music-disc">
          <MusicIcon />
        </span>
        <span className="music-bars" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
      </button>
    </>
  );
}

export const musicToggleCss = `
.music{position:relative;display:inline-flex;align-items:center;gap:6px;height:40px;padding:0 12px 0 6px;border:1px solid var(--line);border-radius:999px;background:rgba(0,0,0,.18);color:inherit;cursor:pointer;font:inherit}
.music-disc{display:grid;place-items:center;width:28px;height:28px;border-radius:50%;background:var(--accent);color:var(--on-accent)}
.music-disc .ico{width:16px;height:16px}
.music-bars{display:flex;align-items:flex-end;gap:2px;height:14px}
.music-bars i{display:block;width:3px;height:4px;border-radius:1px;background:currentColor;opacity:.6}
.music.is-on .music-disc{animation:spin 4s linear infinite}
.music.is-on .music-bars i{animation:eq .9s ease-in-out infinite alternate;opacity:1}
.music.is-on .music-bars i:nth-child(2){animation-delay:-.3s}
.music.is-on .music-bars i:nth-child(3){animation-delay:-.6s}
@keyframes spin{to{transform:rotate(360deg)}}
@keyframes eq{from{height:3px}to{height:14px}}
@media (prefers-reduced-motion:reduce){.music.is-on .music-disc,.music.is-on .music-bars i{animation:none}}
`;
