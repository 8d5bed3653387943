/** Sizes as an operator reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export const formatCount = (what: string, count: { files: number; bytes: number }): string => `${what}：${count.files.toLocaleString('en-US')} 个文件，${formatBytes(count.bytes)}`;

/**
 * A progress line at most every `everyMs`, so that a long backup says it is alive without a line
 * per file. `now` is the wall clock: this is the command line's output, nothing decides on it.
 */
export function throttledPrinter(write: (line: string) => void, everyMs = 1000, now: () => number = Date.now): (line: string) => void {
  let last = now();
  return (line) => {
    const at = now();
    if (at - last < everyMs) return;
    last = at;
    write(line);
  };
}
