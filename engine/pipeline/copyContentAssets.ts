import { SheafError } from '../errors.ts'
import type { ContentAssets } from '../links/contentAssets.ts'
import type { PostBuildTarget } from './postBuild.ts'

/**
 * Writes the images the pages name outside the public folder (see links/contentAssets.ts) into
 * the output's `assets/`. Each is read and checked again as it is copied: a file changed since
 * the links were resolved would no longer match the URL the pages were given.
 */
export async function copyContentAssets(assets: ContentAssets, target: PostBuildTarget): Promise<number> {
  const urls = [...assets.byUrl.keys()]
  for (const url of urls) {
    const bytes = assets.read(url)
    if (bytes === null) {
      throw new SheafError(`The image \`${assets.byUrl.get(url)}\` changed while the site was built.`, {
        hint: 'build again once the file is saved.',
      })
    }
    await target.emitFile(url.slice(1), bytes)
  }
  return urls.length
}
