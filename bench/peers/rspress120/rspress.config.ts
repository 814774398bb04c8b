// Rspress 1.20 config for the site benchmark (bench/site.ts). Content: ./docs (a copy made by
// build.sh). Output: $BENCH_OUT_DIR. With BENCH_VERSIONS="12.x,13.x" (the last is the default) it
// builds a multi-version site, as the reference site is built. Defaults otherwise, as
// ../shared/bench/peers/rspress1 has.
import { defineConfig } from 'rspress/config';

const versions = process.env.BENCH_VERSIONS ? process.env.BENCH_VERSIONS.split(',') : null;

export default defineConfig({
  root: 'docs',
  outDir: process.env.BENCH_OUT_DIR || 'doc_build',
  title: 'Bench site',
  base: process.env.BENCH_BASE || '/',
  ...(versions ? { multiVersion: { default: versions[versions.length - 1], versions } } : {}),
  builderConfig: {
    server: { host: '127.0.0.1' },
  },
});
