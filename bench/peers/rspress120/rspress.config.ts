// Rspress 1.20 config for the site benchmark (bench/site.ts). Content: ./docs (a copy made by
// build.sh). Output: $BENCH_OUT_DIR. Defaults otherwise, as ../shared/bench/peers/rspress1 has.
import { defineConfig } from 'rspress/config';

export default defineConfig({
  root: 'docs',
  outDir: process.env.BENCH_OUT_DIR || 'doc_build',
  title: 'Bench site',
  builderConfig: {
    server: { host: '127.0.0.1' },
  },
});
