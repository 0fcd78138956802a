// One small W3C WebDriver client for three browser engines: Chromium (chromedriver), Firefox
// ESR (geckodriver) and WebKitGTK (WebKitWebDriver driving MiniBrowser). Classic WebDriver over
// HTTP is the part all three drivers speak; where a driver also gives a WebDriver BiDi socket
// (geckodriver, chromedriver), the page's console errors come from its log events, and where
// not (WebKitWebDriver), from a watcher put in the page after each load: a session says which
// (`errorsFrom`). Each driver is started and stopped by the test that uses it; WebKit's browser
// needs a display even headless, so it gets a private Xvfb.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from './harness.mjs';

const MINIBROWSER = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/libexec/webkit2gtk-4.1/MiniBrowser']
  .find((path) => existsSync(path));
const cargoBin = (name) => join(process.env.CARGO_HOME ?? join(process.env.HOME ?? '', '.cargo'), 'bin', name);

/** The engines, each with its driver and what a new session asks of it. */
export const ENGINES = {
  chromium: {
    title: 'Chromium',
    driver: '/usr/bin/chromedriver',
    args: (port) => [`--port=${port}`],
    capabilities: () => ({
      browserName: 'chrome',
      webSocketUrl: true,
      'goog:chromeOptions': {
        binary: process.env.CHROMIUM ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    }),
  },
  firefox: {
    title: 'Firefox',
    driver: process.env.GECKODRIVER ?? cargoBin('geckodriver'),
    args: (port) => ['--port', String(port)],
    capabilities: (profile) => ({
      browserName: 'firefox',
      webSocketUrl: true,
      'moz:firefoxOptions': {
        binary: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
        args: ['-headless', '-profile', profile],
        // No updates, studies or telemetry reaching for a closed network.
        prefs: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false, 'toolkit.telemetry.reportingpolicy.firstRun': false },
      },
    }),
  },
  webkit: {
    title: 'WebKit',
    driver: '/usr/bin/WebKitWebDriver',
    args: (port) => [`--port=${port}`],
    display: true,
    capabilities: () => ({
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }),
  },
};

/** What is missing for `engine` on this machine (scripts/setup.sh installs it), or null. */
export function missing(engine) {
  const { driver } = ENGINES[engine];
  if (!existsSync(driver)) return driver;
  if (engine === 'webkit' && !MINIBROWSER) return 'MiniBrowser';
  if (engine === 'webkit' && !existsSync('/usr/bin/Xvfb')) return '/usr/bin/Xvfb';
  return null;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Runs `command`, resolving once `ready` (a port answering) is true; rejects if it exits. */
async function startProcess(command, args, env, ready) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
  let exited = null;
  child.once('exit', (code) => { exited = code; });
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (exited !== null) throw new Error(`${command} exited with ${exited}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`${command} did not start: ${stderr}`);
    await sleep(100);
  }
  return {
    stop: () => new Promise((resolve) => {
      if (exited !== null) return resolve();
      child.once('exit', resolve);
      child.kill();
    }),
  };
}

/** A free X display number, and an Xvfb on it. */
async function startXvfb() {
  for (let display = 90 + Math.floor(Math.random() * 100); ; display += 1) {
    if (existsSync(`/tmp/.X11-unix/X${display}`) || existsSync(`/tmp/.X${display}-lock`)) continue;
    const xvfb = await startProcess('/usr/bin/Xvfb', [`:${display}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {},
      async () => existsSync(`/tmp/.X11-unix/X${display}`));
    return { display: `:${display}`, stop: xvfb.stop };
  }
}

/**
 * Starts `engine`'s driver and a browser session in it; resolves to a {@link Session}, whose
 * `quit()` ends the browser, the driver and any display.
 */
export async function startSession(engine) {
  const spec = ENGINES[engine];
  const port = await freePort();
  const answers = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/status`)).ok;
    } catch {
      return false;
    }
  };
  // What was started so far, stopped in reverse however the start ends (a session the driver
  // refuses, say), so no display or driver outlives the test.
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const xvfb = spec.display ? await startXvfb() : null;
    if (xvfb) stops.push(xvfb.stop);
    const driver = await startProcess(spec.driver, spec.args(port), xvfb ? { DISPLAY: xvfb.display } : {}, answers);
    stops.push(driver.stop);
    const profile = mkdtempSync(join(tmpdir(), `gridplay-${engine}-`));
    stops.push(() => rmSync(profile, { recursive: true, force: true }));
    const base = `http://127.0.0.1:${port}`;
    const created = await call(base, 'POST', '/session', { capabilities: { alwaysMatch: spec.capabilities(profile) } });
    const session = new Session(engine, `${base}/session/${created.sessionId}`, created.capabilities);
    session._stops = [stopAll];
    await session._listen();
    return session;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function call(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = await response.json();
  if (!response.ok || value?.error) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  return value;
}

const KEYS = { ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Enter: '\uE007', ' ': ' ' };

// Put in a page after each load where the driver has no log events: console errors, uncaught
// exceptions and refused promises from then on, and Content-Security-Policy violations.
const WATCH = `if (!window.__errors) {
  window.__errors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { window.__errors.push(args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => window.__errors.push(String(e.message || e)));
  addEventListener('unhandledrejection', (e) => window.__errors.push('unhandled: ' + String(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => window.__errors.push('CSP violation: ' + e.violatedDirective));
}`;

/** A browser session: a page to load, script to run, keys and pointers to send. */
export class Session {
  constructor(engine, url, capabilities) {
    this.engine = engine;
    this.title = ENGINES[engine].title;
    this.url = url;
    this.capabilities = capabilities;
    this.logged = [];
    this.socket = null;
  }

  /** Where the console errors of a WebDriver session come from, in words for a test's diagnostic. */
  get errorsFrom() {
    return this.socket ? 'WebDriver BiDi log events' : 'a watcher put in each page once loaded (no BiDi in this driver)';
  }

  async _listen() {
    const address = this.capabilities.webSocketUrl;
    if (typeof address !== 'string') return;
    const socket = new WebSocket(address);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.method !== 'log.entryAdded' || message.params.level !== 'error') return;
      // Firefox's word for a request the service worker was answering when its page went
      // away (a test moving on mid-load): no address, and nothing a player sees.
      if (/^Failed to load ‘’\. A ServiceWorker intercepted the request/.test(message.params.text)) return;
      this.logged.push(message.params.text);
    });
    socket.send(JSON.stringify({ id: 1, method: 'session.subscribe', params: { events: ['log.entryAdded'] } }));
    this.socket = socket;
  }

  cmd(method, path, body) {
    return call(this.url, method, path, body);
  }

  /** Loads `url` and waits until the page says it has its first screen. */
  async go(url) {
    await this.cmd('POST', '/url', { url });
    await this.ready();
  }

  /** An empty page: the next `go` loads a new document, whatever its address. */
  async blank() {
    await this.cmd('POST', '/url', { url: 'about:blank' });
  }

  async reload() {
    await this.cmd('POST', '/refresh', {});
    await this.ready();
  }

  async ready() {
    await this.waitFor(() => Boolean(window.gridplay && (window.gridplay.route?.() === 'home' || window.gridplay.game())));
    if (!this.socket) await this.cmd('POST', '/execute/sync', { script: WATCH, args: [] });
  }

  /** `fn(...args)` in the page, its result back. */
  run(fn, ...args) {
    return this.cmd('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments);`, args });
  }

  /** `fn(...args)` in the page, awaited there. */
  runAsync(fn, ...args) {
    return this.cmd('POST', '/execute/async', {
      script: `const done = arguments[arguments.length - 1];
        Promise.resolve((${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1))).then(done, (e) => done({ error: String(e) }));`,
      args,
    });
  }

  /** Polls `fn(...args)` in the page until it is truthy (and returns it); a minute at most, a
   * limit that only ends a hung test (a busy machine may take its time). */
  async waitFor(fn, ...args) {
    const deadline = Date.now() + 60_000;
    let last;
    for (;;) {
      try {
        last = await this.run(fn, ...args);
        if (last) return last;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) throw new Error(`${this.title}: never true: ${fn} (last: ${last})`);
      await sleep(50);
    }
  }

  /** The page's console errors (and uncaught exceptions) so far, and forgets them. */
  async errors() {
    let seen = [...this.logged];
    this.logged = [];
    if (!this.socket) {
      seen = await this.run(() => {
        const list = window.__errors ?? [];
        window.__errors = [];
        return list;
      });
    }
    return seen;
  }

  async setWindow(width, height) {
    await this.cmd('POST', '/window/rect', { width, height });
  }

  /** Presses `keys` (names as in KeyboardEvent.key) one after another, on the focused element. */
  async press(...keys) {
    const actions = keys.flatMap((key) => [{ type: 'keyDown', value: KEYS[key] ?? key }, { type: 'keyUp', value: KEYS[key] ?? key }]);
    await this.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  /** The centre of the element `selector` finds, in the viewport's coordinates. */
  async centre(selector) {
    const rect = await this.run((css) => {
      const box = document.querySelector(css)?.getBoundingClientRect();
      return box && { x: box.x, y: box.y, width: box.width, height: box.height };
    }, selector);
    if (!rect) throw new Error(`${this.title}: nothing matches ${selector}`);
    return { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2), rect };
  }

  /**
   * A pointer's path: `steps` of [dx, dy] from the centre of `selector`, pressed at the start
   * and released at the end (after `holdMs` in place); `pointerType` 'touch' or 'mouse',
   * `button` 0 or 2 (a right click). With `until` (a function run in the page, as waitFor's),
   * the pointer is held in place until it is true, as a player holds a long press until it
   * acts, however late a busy machine runs the page's timer.
   */
  async pointer(selector, { pointerType = 'touch', steps = [], holdMs = 0, button = 0, until = null } = {}) {
    const { x, y } = await this.centre(selector);
    const perform = (actions) => this.cmd('POST', '/actions', { actions: [{ type: 'pointer', id: pointerType, parameters: { pointerType }, actions }] });
    let path = [{ type: 'pointerMove', x, y, duration: 0 }, { type: 'pointerDown', button }];
    if (holdMs) path.push({ type: 'pause', duration: holdMs });
    if (until) {
      // Pressed, then released by a second sequence: the driver keeps the pointer down between.
      await perform(path);
      await this.waitFor(until);
      path = [];
    }
    for (const [dx, dy] of steps) path.push({ type: 'pointerMove', x: x + dx, y: y + dy, duration: 30 });
    path.push({ type: 'pointerUp', button });
    await perform(path);
    await this.cmd('DELETE', '/actions');
  }

  async click(selector) {
    await this.pointer(selector, { pointerType: 'mouse' });
  }

  async quit() {
    try {
      this.socket?.close();
      await this.cmd('DELETE', '');
    } finally {
      for (const stop of this._stops ?? []) await stop();
    }
  }
}
