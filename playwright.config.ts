import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests run against built sites served under their base path by
 * tests/e2e/globalSetup.ts (127.0.0.1 only; servers stop with the run).
 * Chromium is Debian's (/usr/bin/chromium); Playwright never downloads one.
 * `docs.sheaf.test` resolves to 127.0.0.1 in the browser only, for tests of
 * what a site does on a real (non-loopback) host name.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  timeout: 60_000,
  // The machines are shared and 2-core: a client navigation under a full parallel run can take
  // longer than the 5 s default; what must happen still has to happen.
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // In CI the failures' errors are repeated at the end, where a log's tail keeps them.
  reporter: process.env.CI ? [['line'], ['./tests/e2e/failureSummaryReporter.ts']] : 'list',
  use: {
    // One browser context per worker, reset between tests (cookies, cache, local storage,
    // IndexedDB, routes, init scripts, bindings, emulation), instead of a new context and renderer
    // process per test: the per-test setup was a third of the suite's time on this 2-core machine.
    // Not reset: runtime grantPermissions/setOffline/setExtraHTTPHeaders (no test uses them; tests
    // needing permissions pass them as context options, which get a context of their own), the
    // tab's history and window.name (no test goes back past its own first page).
    reuseContext: true,
    // The built sites ship a Content-Security-Policy (and the test servers send their _headers). Tests
    // of escaping and sanitizing must see a payload run if it gets through, so the browser ignores the
    // policy here; tests/e2e/security/csp.spec.ts turns it back on.
    bypassCSP: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP docs.sheaf.test 127.0.0.1',
      ],
    },
  },
})
