import type { ComponentType } from 'react'
import {
  BoltIcon,
  BookIcon,
  BroomIcon,
  CheckCircleIcon,
  CodeIcon,
  HandshakeIcon,
  PuzzleIcon,
  RocketIcon,
  ShieldIcon,
  SparkleIcon,
} from './Icons.tsx'

type FeatureIconComponent = ComponentType<{ size?: number; className?: string }>

/** Icon names a feature's front-matter `icon` may use. */
const byName: Record<string, FeatureIconComponent> = {
  puzzle: PuzzleIcon,
  check: CheckCircleIcon,
  handshake: HandshakeIcon,
  broom: BroomIcon,
  shield: ShieldIcon,
  rocket: RocketIcon,
  bolt: BoltIcon,
  book: BookIcon,
  code: CodeIcon,
  sparkle: SparkleIcon,
}

/** Emoji that content written for emoji fonts uses, and the icon that replaces each. */
const byEmoji: Record<string, string> = {
  '🧩': 'puzzle',
  '✅': 'check',
  '✔': 'check',
  '🤝': 'handshake',
  '🧹': 'broom',
  '🛡': 'shield',
  '🚀': 'rocket',
  '⚡': 'bolt',
  '📖': 'book',
  '📚': 'book',
  '💻': 'code',
  '✨': 'sparkle',
}

/**
 * The SVG icon for a feature's `icon` value: a known name, or a known emoji (with or
 * without its variation selector). Any other emoji or word gets the generic sparkle,
 * never the emoji itself (which shows as an empty box without an emoji font).
 */
export function featureIconFor(icon: string): FeatureIconComponent {
  const value = icon.trim().replace(/\uFE0F/g, '')
  return byName[value.toLowerCase()] ?? byName[byEmoji[value] ?? ''] ?? SparkleIcon
}
