import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAGIC_BYTES,
  documentTypeOf,
  MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH,
  MAX_CUSTOMER_DOCUMENT_BYTES,
} from './limits.js'

const text = (value: string) => new TextEncoder().encode(value)

// The first bytes of real files of each type, with what follows their magic number.
const samples = {
  'image/jpeg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  'image/png': new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
  ]),
  'application/pdf': text('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'),
}

describe('documentTypeOf', () => {
  it('names a JPEG, PNG or PDF by its first bytes', () => {
    for (const type of CUSTOMER_DOCUMENT_CONTENT_TYPES) {
      expect(documentTypeOf(samples[type]), type).toBe(type)
    }
  })

  it('needs no more than DOCUMENT_MAGIC_BYTES of a file to name it', () => {
    for (const type of CUSTOMER_DOCUMENT_CONTENT_TYPES) {
      expect(documentTypeOf(samples[type].slice(0, DOCUMENT_MAGIC_BYTES)), type).toBe(type)
    }
  })

  it('refuses anything else, whatever it claims to be', () => {
    const refused = {
      empty: new Uint8Array(),
      'a GIF': text('GIF89a'),
      'an HTML page': text('<!doctype html>'),
      'a PDF cut before its dash': text('%PDF'),
      'a PNG cut short': samples['image/png'].slice(0, 4),
      // What a text-mode transfer does to a PNG: CR LF becomes LF.
      'a PNG with its CR LF rewritten': new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a, 0x00,
      ]),
      'two JPEG bytes': new Uint8Array([0xff, 0xd8]),
      'a PDF name in the middle': text('x%PDF-1.7'),
    }
    for (const [name, bytes] of Object.entries(refused)) {
      expect(documentTypeOf(bytes), name).toBeNull()
    }
  })
})

describe('document limits', () => {
  it('let the base64 of the largest document fit the encoded limit', () => {
    // A file at the byte limit must not be refused for its base64 length.
    const encoded = Buffer.alloc(MAX_CUSTOMER_DOCUMENT_BYTES).toString('base64')
    expect(encoded.length).toBeLessThanOrEqual(MAX_CUSTOMER_DOCUMENT_BASE64_LENGTH)
  })
})
