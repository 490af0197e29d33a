/**
 * Python exceptions as the model raises them through coroutines (Lib/asyncio/exceptions.py for the asyncio ones).
 * A `PyException` is thrown with JavaScript's `throw` and travels through the coroutines' generators as a Python
 * exception travels through frames; anything else thrown is a bug in the model and is not caught.
 */
export class PyException {
  constructor(
    readonly type: string,
    readonly message: string = '',
    /** A BaseException that is not an Exception (CancelledError, since 3.8). */
    readonly base: boolean = false,
  ) {}

  /** repr(exc): `ValueError('boom')`, `CancelledError()`. */
  repr(): string {
    return `${this.type}(${this.message === '' ? '' : pyStr(this.message)})`;
  }

  /** str(exc) */
  str(): string {
    return this.message;
  }
}

export class CancelledError extends PyException {
  constructor(message = '') {
    super('CancelledError', message, true);
  }
}

export class InvalidStateError extends PyException {
  constructor(message: string) {
    super('InvalidStateError', message);
  }
}

export function isCancelledError(e: unknown): e is CancelledError {
  return e instanceof CancelledError;
}

/** repr(str): single quotes unless the text has one and no double quote, as Python chooses. */
export function pyStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n');
  return `${quote}${body}${quote}`;
}
