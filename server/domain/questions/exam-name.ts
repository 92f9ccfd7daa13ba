// How a student names a question (issue 39): "OAB XIV · questão 23", not an internal code. The
// Exame de Ordem's editions are known by their roman numeral (or, before the numbering, by the
// year and term: "2010.2"); other exams keep a short name, else their board and year.

const LONGEST_NAME = 28

export function shortExamName(name: string | null, board: string, year: number) {
  if (name) {
    const roman = /^([IVXLC]+)\s+Exame de Ordem/i.exec(name.trim())
    if (roman) return `OAB ${roman[1]!.toUpperCase()}${/reaplica/i.test(name) ? ' (reaplicação)' : ''}`
    const term = /Exame de Ordem\D*(\d{4}\.\d)/i.exec(name)
    if (term) return `OAB ${term[1]}`
    if (name.length <= LONGEST_NAME) return name
  }
  return `${board} ${year}`
}

export const questionName = (exam: string, number: number) => `${exam} · questão ${number}`
