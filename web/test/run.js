#!/usr/bin/env node
// make test-web: the web page in Debian's chromium, headless, driven by puppeteer-core (no browser
// download). Each case says ok or FAIL with its reason; screenshots of each go to --out. Usage:
//   node web/test/run.js --web build-web/bin --studio build/bin/dominoes-studio --out build-web/test-web [--only NAME]
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const { execFileSync } = require('child_process');
const puppeteer = require('puppeteer-core');

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf('--' + name);
  return i >= 0 ? argv[i + 1] : def;
};
const REPO = path.resolve(__dirname, '..', '..');
const WEB = path.resolve(opt('web', path.join(REPO, 'build-web/bin')));
const STUDIO = path.resolve(opt('studio', path.join(REPO, 'build/bin/dominoes-studio')));
const OUT = path.resolve(opt('out', path.join(REPO, 'build-web/test-web')));
const ONLY = opt('only', '');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(OUT, { recursive: true });

// Chromium's own messages, not the page's: its GL driver's notes on screenshots' ReadPixels.
const NOT_OURS = [/GPU stall due to ReadPixels/, /GL Driver Message/, /favicon\.ico/];

// The server: the page's folder at /, the repository's tests and the run's own files at /tests and /out.
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
function serve() {
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://localhost');
    const rel = decodeURIComponent(u.pathname);
    let file;
    if (rel.startsWith('/tests/')) file = path.join(REPO, rel);
    else if (rel.startsWith('/out/')) file = path.join(OUT, rel.slice(5));
    else file = path.join(WEB, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(REPO) && !file.startsWith(WEB) && !file.startsWith(OUT)) file = '/nonexistent';
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let browser, base;
const results = [];
async function newPage({ width = 1280, height = 800, dpr = 1, touch = false } = {}) {
  const page = await browser.newPage();
  await page.setViewport({ width, height, deviceScaleFactor: dpr, isMobile: touch, hasTouch: touch });
  page.messages = [];
  page.on('console', (m) => page.messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => page.messages.push({ type: 'error', text: 'pageerror: ' + e.message }));
  return page;
}
function ourProblems(page) {
  return page.messages.filter((m) => (m.type === 'error' || m.type === 'warn' || m.type === 'warning') &&
                                     !NOT_OURS.some((re) => re.test(m.text)));
}
async function waitFor(page, fn, what, ms = 120000) {
  try {
    await page.waitForFunction(fn, { timeout: ms, polling: 100 });
  } catch (e) {
    const failed = await page.evaluate(() => window.dominoesFailed).catch(() => null);
    throw new Error(`${what} did not happen in ${ms / 1000} s${failed ? ': ' + failed : ''}`);
  }
}
async function readFile(page, p) {
  return page.evaluate((p) => {
    try { return new TextDecoder().decode(Module.FS.readFile(p)); } catch (e) { return null; }
  }, p);
}
async function check(name, fn) {
  if (ONLY && !name.includes(ONLY)) return;
  const t0 = Date.now();
  try {
    const note = await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${note ? ': ' + note : ''}`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
function assert(cond, what) {
  if (!cond) throw new Error(what);
}

// A studio script as both builds run it: the test folder's paths are relative, from the repository's
// root on the desktop and from "/" in the page (where the data package and /tests are).
function scriptText(name) {
  return fs.readFileSync(path.join(REPO, 'tests/studio/scripts', name + '.txt'), 'utf8').replace(/@STUDIO_TEST_DIR@/g, 'tests/studio');
}
// The files a script opens from tests/studio, for the page's --file list.
function testFiles(text) {
  return [...new Set(text.match(/tests\/studio\/[A-Za-z0-9_.-]+\.dgn/g) || [])];
}
// The dump without what may differ between runs and builds: times, the frame's counts and pixels.
function normalise(json) {
  const drop = /^(ms|elapsed|frames?|fps|startupMs|thinkMs|generation|renderer|platform)$/;
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out = {};
      for (const k of Object.keys(v).sort()) if (!drop.test(k)) out[k] = walk(v[k]);
      return out;
    }
    return v;
  };
  return walk(JSON.parse(json));
}
function firstDifference(a, b, where = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], where + '/' + k);
      if (d) return d;
    }
  }
  return `${where || '/'}: desktop ${JSON.stringify(a)?.slice(0, 120)}, web ${JSON.stringify(b)?.slice(0, 120)}`;
}

function desktopRun(name, text, extra = []) {
  const dir = path.join(OUT, 'desktop-' + name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const d of ['tests', 'lessons', 'puzzles', 'scenarios']) fs.symlinkSync(path.join(REPO, d), path.join(dir, d));
  fs.writeFileSync(path.join(dir, 'script.txt'), text);
  try {
    execFileSync('sh', [path.join(REPO, 'tests/xvfb.sh'), 'env', 'LIBGL_ALWAYS_SOFTWARE=1', STUDIO, '--no-ini', '--seed', '7',
                        '--frames', '2000', '--script', 'script.txt', '--dump-state', 'dump.json', ...extra],
                 { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, XVFB_SCREEN: '1280x800x24' } });
  } catch (e) {
    throw new Error(`the desktop studio failed the script (exit ${e.status}): ${String(e.stderr).slice(-400)}`);
  }
  return dir;
}

async function webRun(name, text, { query = '', viewport } = {}) {
  fs.writeFileSync(path.join(OUT, name + '.script'), text);
  const files = testFiles(text).map((f) => '&file=/' + f).join('');
  const page = await newPage(viewport);
  await page.goto(`${base}/?no-ini&seed=7&frames=2000&script=/out/${name}.script&dump-state=/tmp/dump.json${files}${query}`);
  await waitFor(page, () => window.dominoesExit !== undefined || window.dominoesFailed, `${name}: the script's end`);
  const exit = await page.evaluate(() => window.dominoesExit);
  await page.screenshot({ path: path.join(OUT, `web-${name}.png`) });
  return { page, exit };
}

async function scriptCase(name, what) {
  await check(`script ${name}: ${what}, its dump as the desktop's`, async () => {
    const text = scriptText(name);
    const dir = desktopRun(name, text);
    const { page, exit } = await webRun(name, text);
    fs.writeFileSync(path.join(dir, 'web-console.txt'), page.messages.map((m) => m.type + ' ' + m.text).join('\n'));
    const errors = page.messages.filter((m) => /check failed|FAIL|\[error\]/.test(m.text)).map((m) => m.text);
    assert(exit === 0, `the page's run ended with ${exit}: ${errors.slice(0, 3).join(' | ')}`);
    const web = await readFile(page, '/tmp/dump.json');
    assert(web, 'the page wrote no dump');
    fs.writeFileSync(path.join(dir, 'web-dump.json'), web);
    const d = firstDifference(normalise(fs.readFileSync(path.join(dir, 'dump.json'), 'utf8')), normalise(web));
    assert(!d, 'the dumps differ at ' + d);
    const problems = ourProblems(page);
    assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
    await page.close();
  });
}

async function main() {
  const server = await serve();
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
           '--disable-dev-shm-usage'],
  });
  try {
    await check('the page loads and draws its first frame, with no console error or warning of ours', async () => {
      const page = await newPage();
      const t0 = Date.now();
      await page.goto(`${base}/?no-ini`);
      await waitFor(page, () => window.dominoesFirstFrameMs !== undefined || window.dominoesFailed, 'the first frame', 60000);
      const first = await page.evaluate(() => window.dominoesFirstFrameMs);
      await new Promise((r) => setTimeout(r, 1500));
      await page.screenshot({ path: path.join(OUT, 'web-load.png') });
      const problems = ourProblems(page);
      assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
      await page.close();
      return `navigation to first frame ${first.toFixed(0)} ms (${Date.now() - t0} ms with the wait)`;
    });
    await scriptCase('coach_seats', 'a game of two computer seats');
    await scriptCase('learn', 'lesson 1 completed with wrong answers');
    await scriptCase('puzzles', 'a puzzle solved wrong, then right');
    await scriptCase('scenarios', 'a scenario stepped to its end');
    await scriptCase('editor', 'the position editor');
    await scriptCase('small_window', 'a language switch at 800x600');
  } finally {
    await browser.close();
    server.close();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length} of ${results.length} web tests passed; screenshots in ${OUT}`);
  process.exit(failed.length ? 1 : 0);
}
main().catch((e) => {
  console.error('test-web: ' + e.stack);
  process.exit(2);
});
