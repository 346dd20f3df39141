/**
 * Tables of cases for tests: one assertion a case, and a failure names the case's input (quoted,
 * with control characters escaped) and what it gave, so a table reads as the behaviour it
 * protects and a failing row is found at once.
 */
import assert from "node:assert/strict";
import { inspect } from "node:util";

function assertGives<I>(answer: (input: I) => unknown, input: I, expected: unknown): void {
  const actual = answer(input);
  assert.deepEqual(actual, expected, `${inspect(input)} gives ${inspect(actual)}, not ${inspect(expected)}`);
}

/** Every one of `inputs` gives the one answer `expected`. */
export function assertEachGives<I>(inputs: readonly I[], answer: (input: I) => unknown, expected: unknown): void {
  for (const input of inputs) assertGives(answer, input, expected);
}

/** Every row of `table` is an input and the answer it gives. */
export function assertTable<I, O>(answer: (input: I) => O, table: ReadonlyArray<readonly [I, O]>): void {
  for (const [input, expected] of table) assertGives(answer, input, expected);
}
