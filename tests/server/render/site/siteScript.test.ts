/**
 * assets/site.js on a stand-in page: the banner video is kept muted and started; the music tries
 * to play, shows "off" when the browser blocks autoplay, starts on the first interaction, and
 * stays off once the visitor turns it off.
 */
import { SITE_SCRIPT } from '../../../../src/server/render/site/siteScript';

type Listener = (event: { target: unknown }) => void;

class FakeTarget {
  readonly listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((entry) => entry !== listener));
  }
  fire(type: string, target: unknown = this): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ target });
  }
  count(type: string): number {
    return this.listeners.get(type)?.length ?? 0;
  }
}

class FakeMedia extends FakeTarget {
  paused = true;
  muted = false;
  defaultMuted = false;
  playsInline = false;
  plays = 0;
  constructor(private readonly allowed: () => boolean) {
    super();
  }
  play(): Promise<void> {
    this.plays++;
    if (!this.allowed()) return Promise.reject(new Error('NotAllowedError'));
    this.paused = false;
    this.fire('playing');
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
    this.fire('pause');
  }
}

class FakeToggle extends FakeTarget {
  readonly classes = new Set<string>();
  readonly attributes = new Map<string, string>();
  title = '';
  classList = {
    toggle: (name: string, on: boolean) => (on ? this.classes.add(name) : this.classes.delete(name)),
  };
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  closest(selector: string): unknown {
    return selector === '[data-music-toggle]' ? this : null;
  }
  get on(): boolean {
    return this.attributes.get('aria-pressed') === 'true' && this.classes.has('is-on');
  }
}

function page(options: { autoplay: boolean; music?: boolean }) {
  let userActivated = options.autoplay;
  const allowed = () => userActivated;
  const video = new FakeMedia(() => true);
  const audio = new FakeMedia(allowed);
  const toggle = new FakeToggle();
  const elsewhere = { closest: () => null };
  const document = new (class extends FakeTarget {
    hidden = false;
    querySelector(selector: string): unknown {
      if (selector === 'video[data-banner]') return video;
      if (selector === '[data-music-toggle]') return options.music === false ? null : toggle;
      return null;
    }
    getElementById(id: string): unknown {
      return id === 'bgm' && options.music !== false ? audio : null;
    }
  })();
  new Function('document', SITE_SCRIPT)(document);
  /** A click or key press: the browser allows playing from now on. */
  const interact = (type: string, target: unknown = elsewhere) => {
    userActivated = true;
    document.fire(type, target);
  };
  return { video, audio, toggle, document, interact, elsewhere };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('site.js', () => {
  it('keeps the banner video muted and inline, and starts it', () => {
    const { video } = page({ autoplay: false, music: false });
    expect(video.muted).toBe(true);
    expect(video.defaultMuted).toBe(true);
    expect(video.playsInline).toBe(true);
    expect(video.plays).toBe(1);
  });

  it('plays the music at once when the browser allows autoplay', async () => {
    const { audio, toggle, document } = page({ autoplay: true });
    await settle();
    expect(audio.paused).toBe(false);
    expect(toggle.on).toBe(true);
    expect(document.count('pointerdown')).toBe(0);
  });

  it('shows the switch off when autoplay is blocked, and starts on the first interaction', async () => {
    const { audio, toggle, document, interact } = page({ autoplay: false });
    await settle();
    expect(audio.paused).toBe(true);
    expect(toggle.on).toBe(false);
    expect(toggle.attributes.get('aria-pressed')).toBe('false');
    expect(document.count('pointerdown')).toBe(1);
    interact('keydown');
    await settle();
    expect(audio.paused).toBe(false);
    expect(toggle.on).toBe(true);
    expect(document.count('pointerdown') + document.count('keydown') + document.count('touchstart')).toBe(0);
  });

  it('lets a click on the switch itself start the music without a second start from the page listener', async () => {
    const { audio, toggle, interact } = page({ autoplay: false });
    await settle();
    const before = audio.plays;
    interact('pointerdown', toggle);
    toggle.fire('click');
    await settle();
    expect(audio.plays).toBe(before + 1);
    expect(toggle.on).toBe(true);
  });

  it('stays off after the visitor turns it off, whatever they click next', async () => {
    const { audio, toggle, interact } = page({ autoplay: true });
    await settle();
    toggle.fire('click');
    expect(audio.paused).toBe(true);
    expect(toggle.on).toBe(false);
    interact('pointerdown');
    await settle();
    expect(audio.paused).toBe(true);
    toggle.fire('click');
    await settle();
    expect(audio.paused).toBe(false);
    expect(toggle.on).toBe(true);
  });
});
