// An error answer that shows the backend's insides: a stack trace, the server's file paths, SQL or a
// database's own error, an exception's class name. Each tells an attacker what runs where (OWASP API
// Security Top 10 2023, API8 "Security Misconfiguration": "error messages include stack traces, or
// expose other sensitive information"). The tests are on the body's text, so they read JSON, HTML
// and plain-text error pages alike.
import type { AnswerScan } from './response-checker.ts'

export type ErrorLeak = {
  what: 'stack trace' | 'file path' | 'SQL' | 'exception class'
  /** the matching text, shortened */
  excerpt: string
}

const leakPatterns: ReadonlyArray<{ what: ErrorLeak['what']; test: RegExp }> = [
  // JavaScript: "at handler (/srv/app/routes.js:12:7)", "at async Promise.all (index 0)" aside
  { what: 'stack trace', test: /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/)?(?:\/|[A-Za-z]:\\)[^\s():]+:\d+:\d+\)?/ },
  // Java / Kotlin: "at com.acme.booking.Service.find(Service.java:42)"
  { what: 'stack trace', test: /\bat [\w$]+(?:\.[\w$<>]+)+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)/ },
  // Python
  { what: 'stack trace', test: /Traceback \(most recent call last\)|File "[^"]+\.py", line \d+/ },
  // .NET: "at Acme.Api.Controller.Get() in C:\src\Controller.cs:line 42"
  { what: 'stack trace', test: /\bat [\w.`<>]+\([^)]*\)(?: in [^\n]+:line \d+)?\s*(?:\\n|\n)\s*at [\w.`<>]+\(/ },
  { what: 'stack trace', test: /\.cs:line \d+/ },
  // PHP, Ruby, Go
  { what: 'stack trace', test: /Stack trace:\s*(?:\\n|\n)?\s*#0 |\.rb:\d+:in [`']|goroutine \d+ \[[a-z ]+\]:|\.go:\d+ \+0x[0-9a-f]+/ },
  // Server file paths: /srv/…, /home/…, C:\inetpub\…, node_modules
  {
    what: 'file path',
    test: /(?:^|[\s"'(=:,[])(?:file:\/\/)?\/(?:usr|var|home|opt|srv|app|etc|tmp|root|src|workspace|build|lib|mnt)\/[\w.@-]+\/[\w./@-]+|[A-Za-z]:\\(?:[\w .-]+\\)+[\w .-]+\.\w+|\bnode_modules\/[\w@./-]+/,
  },
  // SQL statements (keywords as SQL writes them, so English prose never matches) and database errors
  {
    what: 'SQL',
    test: /\bSELECT\s+(?:\*|[\w."`]+(?:\s*,\s*[\w."`]+)*)\s+FROM\s+["`\w.]+|\bINSERT\s+INTO\s+["`\w.]+\s*\(|\bUPDATE\s+["`\w.]+\s+SET\s+["`\w]+\s*=|\bDELETE\s+FROM\s+["`\w.]+\s+WHERE\b/,
  },
  {
    what: 'SQL',
    test: /SQLSTATE\[?\w*\]?|syntax error at or near|You have an error in your SQL syntax|\bORA-\d{5}\b|\bSQLITE_[A-Z]+\b|duplicate key value violates unique constraint|\bPG::\w+|relation "[^"]+" does not exist|no such table: \w+/i,
  },
  // Exception classes: java.lang.NullPointerException, System.InvalidOperationException, KeyError: 'x'
  {
    what: 'exception class',
    test: /\b(?:[a-z]\w*\.)+[A-Z]\w*(?:Exception|Error)\b|\b[A-Z]\w*Exception\b|\b(?:TypeError|ReferenceError|SyntaxError|RangeError|KeyError|AttributeError|ValueError|IndexError|ZeroDivisionError|NameError|NoMethodError|ArgumentError|PDOException)(?::|\s*\()/,
  },
]

/** What of the backend's insides an error body shows; at most one finding of each kind. */
export function errorLeaks(body: string): ErrorLeak[] {
  const text = body.length > 200_000 ? body.slice(0, 200_000) : body
  const leaks: ErrorLeak[] = []
  for (const pattern of leakPatterns) {
    if (leaks.some((leak) => leak.what === pattern.what)) continue
    const match = pattern.test.exec(text)
    if (match === null) continue
    leaks.push({
      what: pattern.what,
      excerpt: match[0]
        .replace(/^[\s"'(=:,[]+/, '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 120),
    })
  }
  return leaks
}

const decoder = new TextDecoder('utf-8')

/** The scan of every error answer for what errorLeaks finds (its response checker runs it), whatever else is wrong with it. */
export const errorLeakScan: AnswerScan = {
  kind: 'error-leak',
  scan({ status, body }) {
    if (status < 400 || body.length === 0) return []
    const leaks = errorLeaks(decoder.decode(body))
    if (leaks.length === 0) return []
    return [{ expected: "an error answer that shows none of the backend's insides", actual: leaks.map((leak) => `${leak.what}: ${leak.excerpt}`).join('; ') }]
  },
}
