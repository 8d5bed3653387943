import fs from 'node:fs';

/** The fields of /proc/<pid>/stat that tests read, or null once the process is gone. */
function stat(pid: number | string): { name: string; state: string; parent: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and brackets: the state follows its last ')'.
    const [state, parent] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')), state, parent: Number(parent) };
  } catch {
    return null;
  }
}

/** A process's state letter from /proc (R running, S sleeping, T stopped, Z zombie), or null once it is gone. */
export const processState = (pid: number): string | null => stat(pid)?.state ?? null;

/**
 * The live ffmpeg processes this process started (from any of its threads). Zombies are left out:
 * one whose thread was terminated is never reaped, and a jest worker runs many test files.
 */
export function ffmpegChildren(): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    const process_ = /^\d+$/.test(entry) ? stat(entry) : null;
    return process_?.name === 'ffmpeg' && process_.parent === process.pid && process_.state !== 'Z' ? [Number(entry)] : [];
  });
}
