import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  // 'system' follows the OS with no JS; 'dark' forces it (server-rendered class on <html>).
  darkMode: ['variant', ['@media (prefers-color-scheme: dark) { &:is(.system *) }', '&:is(.dark *)']],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff',
          100: '#dbe6fe',
          200: '#bfd3fe',
          300: '#93b4fd',
          400: '#608cfa',
          500: '#3b66f5',
          600: '#2547ea',
          700: '#1d35d7',
          800: '#1e2eae',
          900: '#1e2d89',
          950: '#171d54',
        },
      },
      maxWidth: { prose: '70ch' },
    },
  },
  plugins: [],
} satisfies Config
