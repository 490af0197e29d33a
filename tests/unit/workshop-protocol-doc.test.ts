/**
 * docs/workshop-server.md documents the workshop protocol so that another client could be written against it: every message
 * type of lib/workshop-protocol.ts has its row in the protocol table, and every refusal reason is named.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ClientMessage, RefusalReason, ServerMessage } from '../../lib/workshop-protocol.ts';

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/workshop-server.md'), 'utf8');
const section = doc.slice(doc.indexOf('\n## The protocol\n'), doc.indexOf('\n## Load\n'));

test("docs/workshop-server.md's protocol table has a row for every message type, both ways, and names every refusal", () => {
  expect(section.length).toBeGreaterThan(1000);
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  const typesInTable = new Set(rows.map((r) => /^\| `([a-zA-Z]+)`/.exec(r)?.[1]));
  for (const schema of [...ClientMessage.options, ...ServerMessage.options]) {
    expect(typesInTable, schema.entries.type.literal).toContain(schema.entries.type.literal);
  }
  for (const reason of RefusalReason.options) expect(section).toContain(`\`${reason}\``);
});
