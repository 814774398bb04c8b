#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so there is no compile step to remember.
import { register } from 'tsx/esm/api'

// Builds render with React's production builds (several times faster than development ones);
// only the dev server keeps development mode, for its warnings. Set before React loads.
if (!process.env.NODE_ENV && process.argv[2] !== 'dev') process.env.NODE_ENV = 'production'

register()
await import('../engine/cli.ts')
