/**
 * assets/site.js on a stand-in page: the banner video gets its source (data-src) and starts only
 * once the page has loaded, muted and inline, and is shown over its poster when it plays; the
 * music tries to play, shows "off" when the browser blocks autoplay, starts on the first
 * interaction, and stays off once the visitor turns it off.
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

/** The banner <video>: data-src and no src in the markup, preload="none", hidden until it plays. */
class FakeVideo extends FakeMedia {
  readonly attributes = new Map<string, string>([
    ['data-src', 'assets/banner.mp4'],
    ['data-src-phone', 'assets/banner-phone.mp4'],
  ]);
  readonly classes = new Set<string>();
  preload = 'none';
  classList = {
    add: (name: string) => this.classes.add(name),
  };
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  get src(): string {
    return this.attributes.get('src') ?? '';
  }
  set src(value: string) {
    this.attributes.set('src', value);
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

function page(options: {
  autoplay: boolean;
  music?: boolean;
  video?: 'plays' | 'refused';
  readyState?: 'loading' | 'interactive' | 'complete';
  screenWidth?: number;
  /** Taller than wide (a phone held upright); default: a screen lying wide. */
  upright?: boolean;
  phoneCopy?: boolean;
  phoneCut?: boolean;
}) {
  let userActivated = options.autoplay;
  const allowed = () => userActivated;
  const video = new FakeVideo(() => options.video !== 'refused');
  if (options.phoneCopy === false) video.attributes.delete('data-src-phone');
  if (options.phoneCut) video.attributes.set('data-src-portrait', 'assets/banner-portrait.mp4');
  const audio = new FakeMedia(allowed);
  const toggle = new FakeToggle();
  const elsewhere = { closest: () => null };
  const screenWidth = options.screenWidth ?? 1440;
  const window = Object.assign(new FakeTarget(), {
    /** Answers the queries site.js asks, `(max-width: Npx)` and `... and (orientation: portrait)`, for a screen of `screenWidth`. */
    matchMedia: (query: string) => {
      const max = /^\(max-width: (\d+)px\)( and \(orientation: portrait\))?$/.exec(query);
      if (!max) throw new Error(`Unexpected media query ${query}`);
      return { matches: screenWidth <= Number(max[1]) && (!max[2] || options.upright === true) };
    },
  });
  const document = new (class extends FakeTarget {
    hidden = false;
    // A deferred script runs once the document is parsed, usually before the page's load event.
    readyState = options.readyState ?? 'interactive';
    querySelector(selector: string): unknown {
      if (selector === 'video[data-banner]') return video;
      if (selector === '[data-music-toggle]') return options.music === false ? null : toggle;
      return null;
    }
    getElementById(id: string): unknown {
      return id === 'bgm' && options.music !== false ? audio : null;
    }
  })();
  new Function('document', 'window', SITE_SCRIPT)(document, window);
  /** A click or key press: the browser allows playing from now on. */
  const interact = (type: string, target: unknown = elsewhere) => {
    userActivated = true;
    document.fire(type, target);
  };
  /** The page's pictures, fonts and styles are in: the window's load event. */
  const load = () => {
    document.readyState = 'complete';
    window.fire('load');
  };
  return { video, audio, toggle, document, window, interact, elsewhere, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('site.js', () => {
  it('keeps the banner video muted and inline, and fetches and starts it only once the page has loaded', () => {
    const { video, window, load } = page({ autoplay: false, music: false });
    expect(video.muted).toBe(true);
    expect(video.defaultMuted).toBe(true);
    expect(video.playsInline).toBe(true);
    // Before load: the poster is the view; the video has no source and fetches nothing.
    expect(video.getAttribute('src')).toBeNull();
    expect(video.preload).toBe('none');
    expect(video.plays).toBe(0);
    expect(window.count('load')).toBe(1);
    load();
    expect(video.getAttribute('src')).toBe('assets/banner.mp4');
    expect(video.preload).toBe('auto');
    expect(video.plays).toBe(1);
    // Shown over the poster once it plays.
    expect(video.classes.has('is-playing')).toBe(true);
  });

  it('fetches the phone copy of the video on a screen as narrow as the phone layout, the full one above it', () => {
    for (const [screenWidth, source] of [
      [390, 'assets/banner-phone.mp4'],
      [900, 'assets/banner-phone.mp4'],
      [901, 'assets/banner.mp4'],
      [1440, 'assets/banner.mp4'],
    ] as const) {
      const { video, load } = page({ autoplay: false, music: false, screenWidth });
      expect(video.getAttribute('src')).toBeNull();
      load();
      expect(video.getAttribute('src')).toBe(source);
    }
  });

  it('fetches the phone cut on a phone held upright when the site has one, and the phone copy when it lies wide', () => {
    for (const [upright, phoneCut, source] of [
      [true, true, 'assets/banner-portrait.mp4'],
      [false, true, 'assets/banner-phone.mp4'],
      [true, false, 'assets/banner-phone.mp4'],
    ] as const) {
      const { video, load } = page({ autoplay: false, music: false, screenWidth: 390, upright, phoneCut });
      load();
      expect(video.getAttribute('src')).toBe(source);
    }
    // A desktop never takes it.
    const desk = page({ autoplay: false, music: false, screenWidth: 1440, upright: true, phoneCut: true });
    desk.load();
    expect(desk.video.getAttribute('src')).toBe('assets/banner.mp4');
  });

  it('fetches the full video on a narrow screen when the page names no phone copy', () => {
    const { video, load } = page({ autoplay: false, music: false, screenWidth: 390, phoneCopy: false });
    load();
    expect(video.getAttribute('src')).toBe('assets/banner.mp4');
  });

  it('starts the video at once when the page had loaded before the script ran', () => {
    const { video, window } = page({ autoplay: false, music: false, readyState: 'complete' });
    expect(video.getAttribute('src')).toBe('assets/banner.mp4');
    expect(video.plays).toBe(1);
    expect(video.classes.has('is-playing')).toBe(true);
    expect(window.count('load')).toBe(0);
  });

  it('leaves the poster showing when the browser refuses to play the video', async () => {
    const { video, load } = page({ autoplay: false, music: false, video: 'refused' });
    load();
    await settle();
    expect(video.getAttribute('src')).toBe('assets/banner.mp4');
    expect(video.plays).toBe(1);
    expect(video.paused).toBe(true);
    expect(video.classes.has('is-playing')).toBe(false);
  });

  it('plays the video again when the page is shown again, but never before it has a source', () => {
    const { video, document, load } = page({ autoplay: false, music: false });
    document.fire('visibilitychange');
    expect(video.plays).toBe(0);
    expect(video.getAttribute('src')).toBeNull();
    load();
    video.pause();
    document.hidden = true;
    document.fire('visibilitychange');
    expect(video.plays).toBe(1);
    document.hidden = false;
    document.fire('visibilitychange');
    expect(video.plays).toBe(2);
    expect(video.paused).toBe(false);
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
