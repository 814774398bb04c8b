// Worker threads do not inherit the TypeScript hooks: register them, then load the TypeScript worker.
import { registerTypeScript } from '../loading/registerTypeScript.mjs'

registerTypeScript()
await import('./parseWorker.ts')
