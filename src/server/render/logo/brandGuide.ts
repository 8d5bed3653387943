/**
 * 品牌规范.html: the brand kit on one page that opens offline from the unzipped folder (no script,
 * no file from elsewhere): the files and what each is for, the colours with their hex values, the
 * fonts with their licences, the clear space and the minimum size. Every user text is escaped.
 */
import { FONT_LICENCE } from '../fonts';
import { JOB_FILES } from '../jobSpec';

const FILES = JOB_FILES['brand-kit'];

export interface BrandColour {
  hex: string;
  rgb: [number, number, number];
  /** Share of the logo's solid pixels (0 to 1). */
  share: number;
}

export interface BrandGuideInput {
  /** The logo's title as the user typed it. */
  name: string;
  styleName: string;
  /** The square mark's character: the title's first (markCharacter.ts). */
  markCharacter: string;
  logoSize: { width: number; height: number };
  colours: BrandColour[];
  fonts: Array<{ family: string; weight: string; usedFor: string }>;
  /** Room to keep free around the logo, in px of the full-size logo. */
  clearSpace: number;
  minWidthPx: number;
  minWidthMm: number;
  backgrounds: { light: string; dark: string; oneColour: string };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The kit's files in the order the page lists them, with their size and use. */
export const KIT_FILE_NOTES: ReadonlyArray<{ file: string; size: string; use: string }> = [
  { file: FILES.svg, size: '矢量，任意缩放', use: '矢量标志（透明底）：文字与装饰为路径，光晕与阴影为 SVG 滤镜，纹理为图案填充，用于印刷、大幅物料和设计软件' },
  { file: FILES.onLight, size: '原尺寸', use: '浅色背景上使用的标志（白底，含安全空间）' },
  { file: FILES.onDark, size: '原尺寸', use: '深色背景上使用的标志（深底，含安全空间）' },
  { file: FILES.oneColour, size: '原尺寸', use: '单色标志（透明底），用于印章、烫印、水印等只能用一种颜色的场合' },
  { file: FILES.appIcon, size: '1024×1024', use: '应用图标（方形标，应用商店、安装包）' },
  { file: FILES.icon512, size: '512×512', use: '应用图标、PWA 图标（方形标）' },
  { file: FILES.icon192, size: '192×192', use: '安卓主屏图标、PWA 图标（方形标）' },
  { file: FILES.appleTouch, size: '180×180', use: 'iPhone / iPad 主屏图标（apple-touch-icon，方形标）' },
  { file: FILES.favicon, size: '16、32、48', use: '网站标签页图标（favicon，方形标）' },
  { file: FILES.avatar, size: '400×400', use: '社交平台头像（方形标，圆形裁切后首字完整）' },
];

export function brandGuideHtml(input: BrandGuideInput): string {
  const name = escapeHtml(input.name);
  const pad = input.clearSpace;
  const { width, height } = input.logoSize;
  // Padding in per cent of the box's width keeps the drawn room in scale with the logo at any width.
  const spacePercent = ((pad / (width + pad * 2)) * 100).toFixed(2);
  const colours = input.colours
    .map(
      (colour) => `<li class="swatch"><span class="chip" style="background:${colour.hex}"></span><b>${colour.hex.toUpperCase()}</b><span>RGB ${colour.rgb.join(', ')}</span><span>约占 ${Math.max(1, Math.round(colour.share * 100))}%</span></li>`,
    )
    .join('');
  const fonts = input.fonts
    .map((font) => `<tr><td>${escapeHtml(font.family)}</td><td>${escapeHtml(font.weight)}</td><td>${escapeHtml(font.usedFor)}</td><td>${FONT_LICENCE}</td></tr>`)
    .join('');
  const files = KIT_FILE_NOTES.map((note) => `<tr><td><a href="${note.file}">${note.file}</a></td><td>${note.size}</td><td>${note.use}</td></tr>`).join('');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · 品牌规范</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:15px/1.7 "PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif;color:#1f2329;background:#f5f6f8}
main{max-width:960px;margin:0 auto;padding:32px 20px 64px}
h1{font-size:28px;margin:0 0 4px}
h2{font-size:20px;margin:40px 0 12px;padding-left:10px;border-left:4px solid #3370ff}
p.lead{color:#646a73;margin:0}
section{background:#fff;border-radius:8px;padding:20px;margin-top:12px}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:16px}
figure{margin:0}
figure img{display:block;width:100%;height:auto;border:1px solid #e4e6eb;border-radius:6px}
figcaption{font-size:13px;color:#646a73;margin-top:6px}
.checker{background:repeating-conic-gradient(#eceff3 0 25%,#fff 0 50%) 0 0/20px 20px}
.icons{display:flex;flex-wrap:wrap;align-items:flex-end;gap:20px}
.icons figure img{max-width:100%}
ul.swatches{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:12px}
.swatch{display:flex;flex-direction:column;font-size:13px;color:#646a73}
.swatch b{color:#1f2329;font-size:15px}
.chip{display:block;height:72px;border-radius:6px;border:1px solid rgba(0,0,0,.08);margin-bottom:6px}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #eef0f3;vertical-align:top}
th{color:#646a73;font-weight:500}
.space{display:block;max-width:640px;padding:${spacePercent}%;outline:2px dashed #3370ff;background:${input.backgrounds.light}}
.space img{display:block;width:100%;height:auto;outline:1px solid rgba(51,112,255,.35)}
.note{font-size:13px;color:#646a73}
</style>
</head>
<body>
<main>
<h1>${name}</h1>
<p class="lead">品牌规范 · 标志风格「${escapeHtml(input.styleName)}」 · 标志原尺寸 ${width}×${height} px</p>

<h2>标志</h2>
<section class="pair">
<figure><img class="checker" src="${FILES.svg}" alt="矢量标志"><figcaption>矢量（${FILES.svg}，透明底，任意缩放）</figcaption></figure>
<figure><img src="${FILES.onLight}" alt="浅色背景上的标志"><figcaption>浅色背景（${input.backgrounds.light}）</figcaption></figure>
<figure><img src="${FILES.onDark}" alt="深色背景上的标志"><figcaption>深色背景（${input.backgrounds.dark}）</figcaption></figure>
<figure><img class="checker" src="${FILES.oneColour}" alt="单色标志"><figcaption>单色（${input.backgrounds.oneColour}，透明底）</figcaption></figure>
</section>

<h2>方形标（图标与头像）</h2>
<section>
<p>宽幅标志缩小到方形里，文字会低于下方的最小尺寸，所以应用图标、头像和 favicon 使用<b>方形标</b>：标题首字「${escapeHtml(input.markCharacter)}」单独放大，以与标志相同的字体、填充、描边和光效绘制在本风格的场景上，占满方形（图标留出系统圆角的余地，头像留在圆形裁切之内），16 px 的 favicon 仍可辨认。请在需要方形图案的地方使用方形标，其他场合使用完整标志。</p>
<div class="icons">
<figure><img src="${FILES.icon512}" width="256" height="256" style="width:256px;height:256px" alt="方形标"><figcaption>方形标（${FILES.icon512}）</figcaption></figure>
<figure><img src="${FILES.icon192}" width="192" height="192" style="width:192px;height:192px;border-radius:22%" alt="应用图标"><figcaption>应用图标</figcaption></figure>
<figure><img src="${FILES.avatar}" width="160" height="160" style="width:160px;height:160px;border-radius:50%" alt="社交头像"><figcaption>社交头像（圆形裁切）</figcaption></figure>
<figure><img src="${FILES.appleTouch}" width="60" height="60" style="width:60px;height:60px;border-radius:14px" alt="主屏图标"><figcaption>主屏图标</figcaption></figure>
<figure><img src="${FILES.favicon}" width="32" height="32" style="width:32px;height:32px" alt="网站图标"><figcaption>favicon</figcaption></figure>
<figure><img src="${FILES.favicon}" width="16" height="16" style="width:16px;height:16px" alt="网站图标 16 px"><figcaption>16 px</figcaption></figure>
</div>
</section>

<h2>标准色</h2>
<section>
<ul class="swatches">${colours}</ul>
<p class="note">取自标志本身的主要颜色，按所占面积从大到小排列；渐变与光效以其主色表示。</p>
</section>

<h2>字体</h2>
<section>
<table><thead><tr><th>字体</th><th>字重</th><th>用于</th><th>授权</th></tr></thead><tbody>${fonts}</tbody></table>
<p class="note">标志中的文字已绘制为图形，使用标志文件无需安装字体；在其他物料中搭配使用时，可从 Google Fonts 免费获取以上字体。</p>
</section>

<h2>安全空间</h2>
<section>
<div class="space"><img src="${FILES.oneColour}" alt="安全空间示意"></div>
<p>标志四周至少留出 <b>${pad} px</b>（按原尺寸 ${width}×${height} px 计，约为标题字高的一半；缩放时按比例换算）。安全空间内不放置文字、图形或其他标志。</p>
</section>

<h2>最小尺寸</h2>
<section>
<p>屏幕显示宽度不小于 <b>${input.minWidthPx} px</b>，印刷宽度不小于 <b>${input.minWidthMm} mm</b>；再小时标题文字难以辨认，请改用方形标（应用图标、favicon）。</p>
</section>

<h2>文件清单</h2>
<section>
<table><thead><tr><th>文件</th><th>尺寸</th><th>用途</th></tr></thead><tbody>${files}</tbody></table>
</section>
</main>
</body>
</html>
`;
}
