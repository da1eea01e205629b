import { describe, expect, it } from 'vitest'
import { english, SOURCE_LANGUAGE, translated } from '../../core/translations.ts'

// Translatable fields: written in Spanish with English beside; read in the language asked, Spanish when missing.

describe('translations', () => {
  const trip = { name: 'Viaje a Londres', translations: english({ name: 'Trip to London', destination: '' }) }

  it('english() keeps only the fields given a text', () => {
    expect(trip.translations).toEqual({ name: [{ lang: 'en', text: 'Trip to London' }] })
  })

  it('reads a field in English when it has one, else in Spanish', () => {
    expect(SOURCE_LANGUAGE).toBe('es')
    expect(translated(trip, 'name', 'en')).toBe('Trip to London')
    expect(translated(trip, 'name', 'es')).toBe('Viaje a Londres')
    expect(translated({ name: 'Roma', translations: english({ name: '   ' }) }, 'name', 'en')).toBe('Roma')
    expect(translated({ name: 'Roma', translations: {} }, 'name', 'en')).toBe('Roma')
  })

  it('a field called __proto__ or constructor is a field like any other', () => {
    const odd = english(JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>)
    expect(Object.keys(odd).sort()).toEqual(['__proto__', 'constructor'])
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
  })
})
