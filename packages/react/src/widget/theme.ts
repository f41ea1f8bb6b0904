import type { CSSProperties } from 'react'
import type { RampTheme } from '../kitContext.js'

const THEME_VARIABLES = {
  accent: '--rk-accent',
  accentText: '--rk-accent-text',
  background: '--rk-background',
  surface: '--rk-surface',
  text: '--rk-text',
  muted: '--rk-muted',
  border: '--rk-border',
  danger: '--rk-danger',
  success: '--rk-success',
} as const

/** The CSS variables of a theme, for the widget's root `style`. */
export function themeStyle(theme: RampTheme): CSSProperties {
  const style: Record<string, string> = {}
  for (const [key, value] of Object.entries(theme.colors ?? {})) {
    const variable = THEME_VARIABLES[key as keyof typeof THEME_VARIABLES]
    if (variable && value) style[variable] = value
  }
  if (theme.radius) style['--rk-radius'] = theme.radius
  if (theme.font) style['--rk-font'] = theme.font
  return style as CSSProperties
}
