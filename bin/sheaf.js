#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so there is no compile step to remember.
import { register } from 'tsx/esm/api'

register()
await import('../engine/cli.ts')
