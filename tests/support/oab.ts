import path from 'node:path'

/** The nine real OAB exams shipped under fixtures/oab (MIT; its README keeps the notice): every suite runs on a fresh clone. */
export const OAB_DIR = path.resolve('fixtures/oab')
export const oabFile = (name: string) => path.join(OAB_DIR, name)
