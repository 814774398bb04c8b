import { describe, expect, it } from 'vitest'
import { merge, shapeOfField, shapeOfFields, type Shape } from '../../../../../engine/schema/generate/inferShape.ts'
import { seededRandom } from '../../../../seededRandom.ts'

// Inference merges each value into the shape accumulated so far without making the value's own
// shape when the accumulated one covers it. It must give what merging every value's shape gives.
function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 6 : 9))
  if (pick === 0) return null
  if (pick === 1) return `s${Math.floor(random() * 5)}`
  if (pick === 2) return Math.floor(random() * 10)
  if (pick === 3) return random() * 10
  if (pick === 4) return random() < 0.5
  if (pick === 5) return undefined
  if (pick === 6) return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1))
  const object: Record<string, unknown> = {}
  for (const key of ['a', 'b', 'c', 'not-a-name'].slice(0, 1 + Math.floor(random() * 4)))
    object[key] = randomValue(random, depth + 1)
  return object
}

/** Merges each object's own shape of the field, one by one: the reference. */
function reference(objects: Record<string, unknown>[], name: string): Shape | null {
  return objects.reduce<Shape | null>((shape, object) => merge(shape, shapeOfFields([object]).get(name) ?? null), null)
}

describe('inference merges values in place', () => {
  it('gives the shape that merging each value shape gives (500 random front-matter sets)', () => {
    const random = seededRandom(39)
    for (let run = 0; run < 500; run++) {
      const objects = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        frontmatter: randomValue(random, 0),
      }))
      expect(shapeOfField(objects, 'frontmatter'), JSON.stringify(objects)).toEqual(reference(objects, 'frontmatter'))
    }
  })

  it('widens Int to Float and a disagreement to JSON, and keeps lists', () => {
    const objects = [{ x: { n: 1, tags: ['a'] } }, { x: { n: 1.5, tags: 'b', t: true } }, { x: { t: 'no' } }]
    expect(shapeOfField(objects, 'x')).toEqual({
      kind: 'object',
      list: false,
      fields: new Map<string, Shape>([
        ['n', { kind: 'scalar', scalar: 'Float', list: false }],
        ['tags', { kind: 'scalar', scalar: 'String', list: true }],
        ['t', { kind: 'scalar', scalar: 'JSON', list: false }],
      ]),
    })
  })
})
