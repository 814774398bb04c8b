// Worker threads do not inherit the TypeScript hooks: register them, then load the worker's source.
import { registerTypeScript } from '../loading/registerTypeScript.mjs'

registerTypeScript()
await import('./markdownWorker.ts')
