/**
 * Load-time warnings for a parsed ruleset: names that would only fail when a request reaches
 * them (an undefined function or variable, a misspelled namespace function).
 */
import type { Expr, FunctionDecl, MatchBlock, RulesFile } from './ast.js';
import type { RulesIssue } from './errors.js';

const GLOBAL_FUNCTIONS: Record<string, string[]> = {
  'cloud.firestore': [
    'get',
    'exists',
    'getAfter',
    'existsAfter',
    'int',
    'float',
    'string',
    'bool',
    'path',
    'debug',
  ],
  'firebase.storage': ['int', 'float', 'string', 'bool', 'path', 'debug'],
};

const NAMESPACES: Record<string, string[]> = {
  math: ['abs', 'ceil', 'floor', 'round', 'pow', 'sqrt', 'isInfinite', 'isNaN'],
  hashing: ['md5', 'sha256', 'crc32', 'crc32c'],
  timestamp: ['date', 'value'],
  duration: ['value', 'time', 'abs'],
  latlng: ['value'],
};

const STORAGE_NAMESPACES: Record<string, string[]> = { firestore: ['get', 'exists'] };

interface CheckScope {
  vars: Set<string>;
  functions: Set<string>;
}

export function checkRules(file: RulesFile): RulesIssue[] {
  const warnings: RulesIssue[] = [];
  for (const service of file.services) {
    const namespaces =
      service.name === 'firebase.storage' ? { ...NAMESPACES, ...STORAGE_NAMESPACES } : NAMESPACES;
    const globals = new Set(GLOBAL_FUNCTIONS[service.name] ?? []);
    const warn = (e: Expr, message: string): void => {
      warnings.push({ line: e.pos.line, column: e.pos.column, message });
    };

    const checkExpr = (e: Expr, scope: CheckScope): void => {
      switch (e.kind) {
        case 'ident':
          if (!scope.vars.has(e.name)) warn(e, `Undefined variable '${e.name}'.`);
          return;
        case 'call': {
          const c = e.callee;
          if (c.kind === 'ident') {
            if (!scope.functions.has(c.name) && !globals.has(c.name))
              warn(c, `Undefined function '${c.name}'.`);
          } else if (
            c.kind === 'member' &&
            c.object.kind === 'ident' &&
            !scope.vars.has(c.object.name)
          ) {
            const ns = namespaces[c.object.name];
            if (!ns) warn(c.object, `Undefined variable '${c.object.name}'.`);
            else if (!ns.includes(c.name))
              warn(c.object, `Undefined function '${c.object.name}.${c.name}'.`);
          } else {
            checkExpr(c, scope);
          }
          e.args.forEach((a) => checkExpr(a, scope));
          return;
        }
        case 'member':
          checkExpr(e.object, scope);
          return;
        case 'index':
          checkExpr(e.object, scope);
          checkExpr(e.index, scope);
          return;
        case 'range':
          [e.object, e.from, e.to].forEach((x) => checkExpr(x, scope));
          return;
        case 'unary':
          checkExpr(e.operand, scope);
          return;
        case 'binary':
          checkExpr(e.left, scope);
          checkExpr(e.right, scope);
          return;
        case 'is':
          checkExpr(e.operand, scope);
          return;
        case 'ternary':
          [e.test, e.then, e.otherwise].forEach((x) => checkExpr(x, scope));
          return;
        case 'list':
          e.items.forEach((x) => checkExpr(x, scope));
          return;
        case 'map':
          e.entries.forEach(({ key, value }) => {
            checkExpr(key, scope);
            checkExpr(value, scope);
          });
          return;
        case 'path':
          e.segments.forEach((parts) =>
            parts.forEach((p) => typeof p !== 'string' && checkExpr(p, scope)),
          );
          return;
        case 'literal':
          return;
      }
    };

    const checkFunctions = (functions: FunctionDecl[], scope: CheckScope): void => {
      for (const fn of functions) {
        const vars = new Set([...scope.vars, ...fn.params]);
        for (const l of fn.lets) {
          checkExpr(l.value, { vars, functions: scope.functions });
          vars.add(l.name);
        }
        checkExpr(fn.body, { vars, functions: scope.functions });
      }
    };

    const checkBlock = (block: MatchBlock, outer: CheckScope): void => {
      const scope: CheckScope = {
        vars: new Set([
          ...outer.vars,
          ...block.segments.flatMap((s) => (s.kind === 'literal' ? [] : [s.name])),
        ]),
        functions: new Set([...outer.functions, ...block.functions.map((f) => f.name)]),
      };
      checkFunctions(block.functions, scope);
      for (const allow of block.allows) if (allow.condition) checkExpr(allow.condition, scope);
      block.matches.forEach((m) => checkBlock(m, scope));
    };

    const root: CheckScope = {
      vars: new Set(['request', 'resource']),
      functions: new Set([...file.functions, ...service.functions].map((f) => f.name)),
    };
    checkFunctions(file.functions, root);
    checkFunctions(service.functions, root);
    service.matches.forEach((m) => checkBlock(m, root));
  }
  return warnings;
}
