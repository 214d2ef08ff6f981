import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from './no-one-letter-params.cjs';

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const oneLetter = (name: string, where: string) => ({ messageId: 'oneLetter', data: { name, where } });

tester.run('no-one-letter-params', rule, {
  valid: [
    { name: 'an arrow whose body is one expression may take one-letter names', code: 'list.sort((a, b) => a - b);' },
    { name: 'a one-expression arrow keeps the allowance with types and defaults', code: 'const add = (a: number, b = 1): number => a + b;' },
    { name: 'a one-expression arrow may destructure into one-letter names', code: 'pairs.map(([k, v]) => k + v);' },
    { name: 'a function with named parameters passes', code: 'function total(amount: number, rate: number) { return amount * rate; }' },
    { name: '_ marks a parameter the body ignores', code: 'function onEvent(_, detail) { return detail; }\nconst last = (_: unknown, index: number) => { return index; };' },
    { name: 'a shorthand destructured name comes from the shape', code: 'function point({ x, y }: { x: number; y: number }) { return x + y; }' },
    { name: 'a catch clause with a name or no binding passes', code: 'try { run(); } catch (error) { log(error); }\ntry { run(); } catch { retry(); }' },
    { name: 'one-letter names in a type annotation are not parameters', code: 'type Compare = (a: number, b: number) => number;\ninterface Sorter { compare(a: number, b: number): number }' },
    { name: 'one-letter local variables are not parameters', code: 'function sum(values: number[]) { let s = 0; for (const v of values) s += v; return s; }' },
  ],
  invalid: [
    { name: 'a function declaration', code: 'function scale(x: number) { return x * 2; }', errors: [oneLetter('x', 'function')] },
    { name: 'a function expression', code: 'const scale = function (x) { return x * 2; };', errors: [oneLetter('x', 'function')] },
    { name: 'an arrow with a block body', code: 'items.forEach((n) => { print(n); });', errors: [oneLetter('n', 'block-bodied arrow')] },
    { name: 'a class method and a constructor parameter property', code: 'class Box { constructor(private v: number) {} get(k: string) { return k; } }', errors: [oneLetter('v', 'method'), oneLetter('k', 'method')] },
    { name: 'an object method', code: 'const api = { read(p) { return p; } };', errors: [oneLetter('p', 'method')] },
    { name: 'a catch clause', code: 'try { run(); } catch (e) { log(e); }', errors: [oneLetter('e', 'catch clause')] },
    { name: 'defaults, rest, renames and array patterns', code: 'function f(a = 1, { value: v }, [w], ...r) { return [a, v, w, r]; }', errors: ['a', 'v', 'w', 'r'].map((name) => oneLetter(name, 'function')) },
    { name: 'an overload signature', code: 'function pick(k: string): string;\nfunction pick(key: string) { return key; }', errors: [oneLetter('k', 'function')] },
    { name: 'an abstract method', code: 'abstract class Store { abstract get(k: string): string; }', errors: [oneLetter('k', 'method')] },
  ],
});
