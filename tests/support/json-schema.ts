import fc from 'fast-check'

// The part of JSON Schema 2020-12 the API's OpenAPI document uses, read two ways (ADR 049): a
// validator (does this value follow the schema?) and fast-check arbitraries of the values a
// schema accepts. tests/api/openapi-driven.test.ts builds requests from the document with them,
// and checks every answer against the document with them.

export type Schema = { [key: string]: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function sameJson(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b)
}

function hasType(type: string, value: unknown) {
  switch (type) {
    case 'null':
      return value === null
    case 'boolean':
      return typeof value === 'boolean'
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'string':
      return typeof value === 'string'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
    default:
      throw new Error(`tipo desconhecido: ${type}`)
  }
}

const KNOWN = new Set([
  ...['$ref', 'type', 'const', 'enum', 'anyOf', 'oneOf', 'allOf', 'default', 'description', 'example', 'examples', 'deprecated'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format'],
  ...['items', 'minItems', 'maxItems', 'properties', 'required', 'additionalProperties', 'propertyNames', 'id', 'title', 'readOnly'],
  ...['minProperties', 'maxProperties'],
])

/** Characters of generated text: letters, digits, punctuation, Portuguese accents, spaces; never U+0000 (refused API-wide). */
const TEXT_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?-_()/@#%&*+=\'"áéíóúâêôãõçÁÉÇ\n\t']
const char = fc.constantFrom(...TEXT_CHARS)

export class SchemaReader {
  private readonly patterns = new Map<string, RegExp>()
  /**
   * Arbitraries are immutable: one per string shape is built once. A pattern's arbitrary
   * (fc.stringMatching) costs ~100 ms to build, and the search alone rebuilt its dozen per
   * role and sample: 8 of its 10 s.
   */
  private readonly texts = new Map<string, fc.Arbitrary<string>>()

  constructor(private readonly components: Record<string, Schema>) {}

  /** The schema a `$ref` names (or the schema itself). */
  resolve(schema: Schema): Schema {
    let s = schema
    for (let depth = 0; typeof s.$ref === 'string'; depth++) {
      const name = s.$ref.replace('#/components/schemas/', '')
      const found = this.components[name]
      if (!found || depth > 20) throw new Error(`$ref sem esquema: ${s.$ref}`)
      s = found
    }
    return s
  }

  regex(pattern: string) {
    let re = this.patterns.get(pattern)
    if (!re) this.patterns.set(pattern, (re = new RegExp(pattern, 'u')))
    return re
  }

  /** Why `value` does not follow `schema`: [] when it does. */
  errors(schemaIn: Schema, value: unknown, at = '$'): string[] {
    const s = this.resolve(schemaIn)
    const out: string[] = []
    const fail = (why: string) => out.push(`${at}: ${why}`)
    for (const key of Object.keys(s)) if (!KNOWN.has(key)) throw new Error(`${at}: palavra do JSON Schema não lida aqui: ${key}`)
    if ('const' in s && !sameJson(s.const, value)) fail(`não é ${JSON.stringify(s.const)}`)
    if (Array.isArray(s.enum) && !s.enum.some((e) => sameJson(e, value))) fail(`fora de ${JSON.stringify(s.enum)}`)
    if (Array.isArray(s.anyOf) && !s.anyOf.some((b: Schema) => this.errors(b, value, at).length === 0))
      fail(`nenhum ramo de anyOf: ${s.anyOf.map((b: Schema) => this.errors(b, value, at).join('; ')).join(' | ')}`)
    if (Array.isArray(s.oneOf)) {
      const matching = s.oneOf.filter((b: Schema) => this.errors(b, value, at).length === 0).length
      if (matching !== 1) fail(`${matching} ramos de oneOf`)
    }
    if (Array.isArray(s.allOf)) for (const b of s.allOf as Schema[]) out.push(...this.errors(b, value, at))
    if (s.type !== undefined) {
      const types = (Array.isArray(s.type) ? s.type : [s.type]) as string[]
      if (!types.some((t) => hasType(t, value))) {
        fail(`não é ${types.join(' nem ')}: ${JSON.stringify(value)?.slice(0, 80)}`)
        return out
      }
    }
    if (typeof value === 'string') {
      const length = [...value].length
      if (typeof s.minLength === 'number' && length < s.minLength) fail(`menos de ${s.minLength} caracteres`)
      if (typeof s.maxLength === 'number' && length > s.maxLength) fail(`mais de ${s.maxLength} caracteres`)
      if (typeof s.pattern === 'string' && !this.regex(s.pattern).test(value))
        fail(`não segue ${s.pattern}: ${JSON.stringify(value).slice(0, 80)}`)
    }
    if (typeof value === 'number') {
      if (typeof s.minimum === 'number' && value < s.minimum) fail(`menor que ${s.minimum}`)
      if (typeof s.maximum === 'number' && value > s.maximum) fail(`maior que ${s.maximum}`)
      if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) fail(`não maior que ${s.exclusiveMinimum}`)
      if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) fail(`não menor que ${s.exclusiveMaximum}`)
    }
    if (Array.isArray(value)) {
      if (typeof s.minItems === 'number' && value.length < s.minItems) fail(`menos de ${s.minItems} itens`)
      if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail(`mais de ${s.maxItems} itens`)
      if (isObject(s.items)) value.forEach((item, i) => out.push(...this.errors(s.items as Schema, item, `${at}[${i}]`)))
    }
    if (isObject(value)) {
      const properties = (s.properties ?? {}) as Record<string, Schema>
      for (const key of (s.required ?? []) as string[]) if (!(key in value)) fail(`falta ${key}`)
      const size = Object.keys(value).length
      if (typeof s.minProperties === 'number' && size < s.minProperties) fail(`menos de ${s.minProperties} campos`)
      if (typeof s.maxProperties === 'number' && size > s.maxProperties) fail(`mais de ${s.maxProperties} campos`)
      for (const [key, item] of Object.entries(value)) {
        if (properties[key]) out.push(...this.errors(properties[key], item, `${at}.${key}`))
        else if (s.additionalProperties === false) fail(`campo fora do esquema: ${key}`)
        else if (isObject(s.additionalProperties)) out.push(...this.errors(s.additionalProperties, item, `${at}.${key}`))
        if (isObject(s.propertyNames)) out.push(...this.errors(s.propertyNames, key, `${at}{${key}}`))
      }
    }
    return out
  }

  /** Values `schema` accepts. */
  valid(schemaIn: Schema): fc.Arbitrary<unknown> {
    const s = this.resolve(schemaIn)
    if ('const' in s) return fc.constant(s.const)
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]))
    // An object that must name one of some fields (anyOf of required lists, or an allOf of them):
    // its values, kept when they do.
    if ((Array.isArray(s.anyOf) || Array.isArray(s.allOf)) && s.type === 'object') {
      const { anyOf: _any, allOf: _all, ...object } = s
      return this.valid(object).filter((v) => this.errors(s, v).length === 0)
    }
    if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as Schema[]).map((b) => this.valid(b)))
    if (Array.isArray(s.oneOf))
      return fc.oneof(...(s.oneOf as Schema[]).map((b) => this.valid(b))).filter((v) => this.errors(s, v).length === 0)
    if (Array.isArray(s.allOf)) return this.valid(s.allOf[0] as Schema).filter((v) => this.errors(s, v).length === 0)
    // No type: anything JSON (a field the contract reads as it comes).
    const types = (s.type === undefined ? ['string', 'integer', 'boolean', 'null'] : Array.isArray(s.type) ? s.type : [s.type]) as string[]
    if (types.length > 1) return fc.oneof(...types.map((type) => this.valid({ ...s, type })))
    switch (types[0]) {
      case 'null':
        return fc.constant(null)
      case 'boolean':
        return fc.boolean()
      case 'integer':
        return fc.integer({ min: bound(s, 'min'), max: bound(s, 'max') })
      case 'number':
        return fc.double({ min: bound(s, 'min'), max: bound(s, 'max'), noNaN: true, noDefaultInfinity: true }).map((n) => n + 0)
      case 'string':
        return this.text(s)
      case 'array': {
        const minLength = (s.minItems as number | undefined) ?? 0
        const maxLength = Math.max(minLength, Math.min((s.maxItems as number | undefined) ?? 4, 4))
        return fc.array(this.valid((s.items ?? {}) as Schema), { minLength, maxLength })
      }
      case 'object': {
        const properties = (s.properties ?? {}) as Record<string, Schema>
        const model = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, this.valid(p)]))
        const record = fc.record(model, { requiredKeys: (s.required ?? []) as string[] })
        const [min, max] = [(s.minProperties as number | undefined) ?? 0, (s.maxProperties as number | undefined) ?? Infinity]
        return min > 0 || max < Infinity ? record.filter((v) => Object.keys(v).length >= min && Object.keys(v).length <= max) : record
      }
      default:
        throw new Error(`tipo desconhecido: ${String(types[0])}`)
    }
  }

  private text(s: Schema): fc.Arbitrary<string> {
    const minLength = (s.minLength as number | undefined) ?? 0
    const maxLength = (s.maxLength as number | undefined) ?? Math.max(minLength, 40)
    const key = JSON.stringify([s.pattern, minLength, maxLength])
    const built = this.texts.get(key)
    if (built) return built
    const made = this.textArbitrary(s, minLength, maxLength)
    this.texts.set(key, made)
    return made
  }

  private textArbitrary(s: Schema, minLength: number, maxLength: number): fc.Arbitrary<string> {
    const fits = (v: string) => {
      const n = [...v].length
      return n >= minLength && n <= maxLength
    }
    if (typeof s.pattern === 'string') {
      const re = this.regex(s.pattern)
      // An anchored pattern says what the whole string is; an unanchored one (a non-space somewhere) is a filter.
      if (s.pattern.startsWith('^')) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => fits(v) && re.test(v))
      return this.plain(minLength, maxLength).filter((v) => re.test(v))
    }
    return this.plain(minLength, maxLength)
  }

  /** Text of any length in the bounds, mostly short, sometimes the longest allowed. */
  private plain(minLength: number, maxLength: number) {
    const short = fc.string({ unit: char, minLength, maxLength: Math.min(maxLength, minLength + 30) })
    const long = fc.string({ unit: char, minLength: maxLength, maxLength })
    return fc.oneof({ arbitrary: short, weight: 5 }, { arbitrary: long, weight: 1 })
  }
}

function bound(s: Schema, side: 'min' | 'max') {
  const inclusive = s[side === 'min' ? 'minimum' : 'maximum'] as number | undefined
  const exclusive = s[side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum'] as number | undefined
  const limit = side === 'min' ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER
  if (inclusive !== undefined) return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, inclusive))
  if (exclusive !== undefined) return side === 'min' ? exclusive + 1 : exclusive - 1
  return limit
}
