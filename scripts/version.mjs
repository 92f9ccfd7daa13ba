// Writes build/version.json at build time (version, commit, branch, dates), so the
// running server knows them even where git is absent.
import { execSync } from 'node:child_process'
import fs from 'node:fs'

function git(args) {
  try {
    return execSync(`git ${args}`, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return ''
  }
}

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'))
const info = {
  version: pkg.version,
  commit: process.env.GIT_COMMIT || git('rev-parse --short HEAD') || 'desconhecido',
  branch: process.env.GIT_BRANCH || git('rev-parse --abbrev-ref HEAD') || 'desconhecido',
  buildDate: new Date().toISOString(),
  commitDate: process.env.GIT_COMMIT_DATE || git('log -1 --format=%cI') || '',
}
const dir = process.env.BUILD_DIR || 'build'
fs.mkdirSync(dir, { recursive: true })
fs.writeFileSync(`${dir}/version.json`, JSON.stringify(info, null, 2) + '\n')
console.log(`${dir}/version.json: ${info.version} ${info.commit} (${info.branch})`)
