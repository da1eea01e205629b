import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml, YAMLParseError } from 'yaml'

import { UsageError } from './exit-codes.ts'

/**
 * Reads a JSON or YAML file into plain data. YAML is a superset of JSON, but a
 * .json file is parsed strictly so a stray comment or trailing comma is
 * reported instead of silently accepted.
 */
export async function readStructuredFile(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new UsageError(code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(error as Error).message}`)
  }
  return parseStructuredText(text, file)
}

export function parseStructuredText(text: string, file: string): unknown {
  const extension = path.extname(file).toLowerCase()
  if (extension === '.json') {
    try {
      return JSON.parse(text) as unknown
    } catch (error) {
      throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`)
    }
  }
  try {
    return parseYaml(text, { prettyErrors: true }) as unknown
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split('\n')[0] : (error as Error).message
    throw new UsageError(`${file} is not valid YAML/JSON: ${detail}`)
  }
}

/** Writes a report file, making its directory first. */
export async function writeTextFile(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  await writeFile(file, content)
}
