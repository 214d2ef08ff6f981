/**
 * A one-letter parameter name reads fine only where the whole function is in view: an arrow whose body
 * is one expression, as in `(a, b) => a - b`. Everywhere else (declarations, methods, block-bodied
 * arrows, catch clauses) the reader meets the name lines away from where it was bound, so it must say
 * what it holds. `_` stays allowed for a parameter a signature needs but the body ignores.
 */

/** The names a parameter binds that its author chose (a shorthand `{ x }` takes its name from the shape). */
function chosenNames(pattern) {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern];
    case 'AssignmentPattern':
      return chosenNames(pattern.left);
    case 'RestElement':
      return chosenNames(pattern.argument);
    case 'TSParameterProperty':
      return chosenNames(pattern.parameter);
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? chosenNames(element) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) =>
        property.type === 'RestElement' ? chosenNames(property) : property.shorthand ? [] : chosenNames(property.value),
      );
    default:
      return [];
  }
}

const isOneLetter = (identifier) => identifier.name.length === 1 && identifier.name !== '_';

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Allow one-letter parameter names only in arrows whose body is a single expression' },
    schema: [],
    messages: {
      oneLetter:
        "Parameter '{{name}}' is one letter in a {{where}}; name what it holds (one letter is fine only in an arrow whose body is one expression).",
    },
  },
  create(context) {
    const report = (identifier, where) => context.report({ node: identifier, messageId: 'oneLetter', data: { name: identifier.name, where } });
    const checkParams = (node, where) => {
      for (const identifier of node.params.flatMap(chosenNames).filter(isOneLetter)) report(identifier, where);
    };
    const isMethod = (node) =>
      node.parent.type === 'MethodDefinition' || node.parent.type === 'TSAbstractMethodDefinition' || (node.parent.type === 'Property' && (node.parent.method || node.parent.kind !== 'init'));
    const checkFunction = (node) => checkParams(node, isMethod(node) ? 'method' : 'function');
    return {
      FunctionDeclaration: checkFunction,
      FunctionExpression: checkFunction,
      // Signatures without a body: overloads, `declare function`, abstract methods.
      TSDeclareFunction: checkFunction,
      TSEmptyBodyFunctionExpression: checkFunction,
      ArrowFunctionExpression(node) {
        if (node.body.type === 'BlockStatement') checkParams(node, 'block-bodied arrow');
      },
      CatchClause(node) {
        if (!node.param) return;
        for (const identifier of chosenNames(node.param).filter(isOneLetter)) report(identifier, 'catch clause');
      },
    };
  },
};
