import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// The axe sweep runs every rule in the light theme and only the colour rules in the dark one
// (ADR 037): that holds while the dark theme changes colours and nothing else. A `dark:` class
// that hid, moved or resized something would need the whole sweep in dark too.

const COLOUR_UTILITY =
  /^(bg|text|border|ring|ring-offset|from|via|to|fill|stroke|shadow|divide|placeholder|outline|decoration|accent|caret)-/

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|css)$/.test(f))
    .map((f) => path.join(dir, f))
}

describe('the dark theme', () => {
  it('changes colours only: every dark: utility in app/ sets a colour', () => {
    const offenders: string[] = []
    let seen = 0
    for (const file of files('app')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/dark:([^\s"'`;]+)/g)) {
        seen++
        // The utility is what follows the last variant (dark:hover:bg-… → bg-…).
        const utility = match[1].replace(/^.*:(?![^[]*\])/, '')
        if (!COLOUR_UTILITY.test(utility)) offenders.push(`${file}: dark:${match[1]}`)
      }
    }
    expect(seen).toBeGreaterThan(100)
    expect(offenders).toEqual([])
  })

  it('sets nothing in the stylesheets but colours for html.dark', () => {
    for (const file of files('app').filter((f) => f.endsWith('.css'))) {
      for (const block of readFileSync(file, 'utf8').matchAll(/html\.dark[^{]*\{([^}]*)\}/g)) {
        for (const declaration of block[1]
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)) {
          expect(declaration, file).toMatch(/^(color-scheme|color|background(-color)?|border-color|--[\w-]+)\s*:/)
        }
      }
    }
  })
})
