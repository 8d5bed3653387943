const CHINA_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A time of the console's lists, in China's time whatever the operator's machine says: 2026-11-29 21:05. */
export function formatConsoleTime(ms: number): string {
  const parts = Object.fromEntries(CHINA_TIME.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
