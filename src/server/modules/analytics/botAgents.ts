/**
 * Bots known by their user agent: search and social crawlers, link previews, monitors, headless
 * browsers and HTTP libraries. No maintained list ships without a download here, so this is a
 * careful pattern; a browser's user agent never holds these words (a CUBOT phone holds "bot", hence
 * the look-behind). A visit with no user agent at all is a script's.
 */
const BOT_AGENT = new RegExp(
  [
    '(?<!cu)bot\\b',
    'bot[/_-]',
    'crawl',
    'spider',
    'slurp',
    'archiver',
    'facebookexternalhit',
    'embedly',
    'bingpreview',
    'google-inspectiontool',
    'mediapartners',
    'feedfetcher',
    'headlesschrome',
    'phantomjs',
    'puppeteer',
    'playwright',
    'selenium',
    'webdriver',
    'lighthouse',
    'pagespeed',
    'gtmetrix',
    'pingdom',
    'uptime',
    'statuscake',
    '^curl/',
    '^wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'httpx',
    'go-http-client',
    '^java/',
    'okhttp',
    'axios/',
    'node-fetch',
    'undici',
    'libwww',
    'scrapy',
    'httpclient',
    '^postmanruntime',
  ].join('|'),
  'i',
);

export function isBot(userAgent: string): boolean {
  return !userAgent.trim() || BOT_AGENT.test(userAgent);
}
