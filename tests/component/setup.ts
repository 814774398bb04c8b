import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// The default 1 s for findBy*/waitFor is shorter than a lazy chunk's first import (the search
// modal's) takes when the two cores are busy with the unit project's builds beside it: the test
// waits for what a reader would see, however long the machine takes; vitest's own timeout
// still fails a test whose element never comes.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
