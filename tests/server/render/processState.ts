import fs from 'node:fs';

/** A process's state letter from /proc (R running, S sleeping, T stopped, Z zombie), or null once it is gone. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and brackets: the state follows its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return null;
  }
}

/** The ffmpeg processes this process started (from any of its threads). */
export function ffmpegChildren(): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return name === 'ffmpeg' && parent === process.pid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}
