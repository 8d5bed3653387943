/**
 * The lane of gallery renders beside users' jobs: they take a render slot only when no user job
 * is queued, demand (someone is looking at the gallery) before background (filling idle time),
 * a brand kit asked for before the other demands (jobRules.ts goesFirstWhenAsked), and tasks
 * with the same key share one render.
 */
import type { SideJobSpec } from '../../render/jobSpec';
import type { GalleryPriority, GalleryResult } from '../renderQueue';
import { goesFirstWhenAsked } from '../jobRules';

export interface GalleryTask {
  key: string;
  spec: SideJobSpec;
  priority: GalleryPriority;
  promise: Promise<GalleryResult>;
  resolve: (value: GalleryResult) => void;
  reject: (error: unknown) => void;
}

export class GalleryLane {
  private readonly waiting: GalleryTask[] = [];
  private readonly byKey = new Map<string, GalleryTask>();

  /** The task of `key`, waiting or running, made if new; a demand raises a background task that still waits. */
  request(key: string, spec: SideJobSpec, priority: GalleryPriority): Promise<GalleryResult> {
    const known = this.byKey.get(key);
    if (known) {
      if (priority === 'demand' && known.priority === 'background') {
        known.priority = 'demand';
        const at = this.waiting.indexOf(known);
        if (at >= 0) {
          this.waiting.splice(at, 1);
          this.enqueue(known);
        }
      }
      return known.promise;
    }
    let resolve!: GalleryTask['resolve'];
    let reject!: GalleryTask['reject'];
    const promise = new Promise<GalleryResult>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const task: GalleryTask = { key, spec, priority, promise, resolve, reject };
    this.byKey.set(key, task);
    this.enqueue(task);
    return promise;
  }

  /** The next task to run, or undefined. */
  next(): GalleryTask | undefined {
    return this.waiting.shift();
  }

  /** A task that gave its slot up: back at the front of its priority, to run when a slot is free. */
  putBack(task: GalleryTask): void {
    const firstBackground = this.waiting.findIndex((queued) => queued.priority === 'background');
    this.waiting.splice(firstBackground < 0 ? this.waiting.length : firstBackground, 0, task);
  }

  /** A task ended: a later request of its key renders anew. */
  settled(task: GalleryTask): void {
    if (this.byKey.get(task.key) === task) this.byKey.delete(task.key);
  }

  /** Shutdown: every waiting task fails with `reason`. */
  rejectWaiting(reason: Error): void {
    for (const task of this.waiting.splice(0)) {
      this.settled(task);
      task.reject(reason);
    }
  }

  private enqueue(task: GalleryTask): void {
    if (task.priority === 'background') this.waiting.push(task);
    else if (goesFirstWhenAsked(task.spec)) {
      // Behind the others of its kind only.
      const after = this.waiting.findIndex((queued) => queued.priority === 'background' || !goesFirstWhenAsked(queued.spec));
      this.waiting.splice(after < 0 ? this.waiting.length : after, 0, task);
    } else this.putBack(task);
  }
}
