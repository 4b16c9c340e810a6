import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The refusals the server can answer, read from its source (issue #45): the messages given to `new AppError(code, ...)`
 * and `new TRPCError({ message })`, and zod's custom messages (`.min(8, "...")`, `{ message: "..." }`,
 * `{ error: "..." }`), so that a test finds one the error catalog (src/i18n/messages/server/errors*.ts) lacks.
 */
export interface ThrownMessage {
  /** The English as the catalog writes it: a template's `${value}` becomes `{value}`. */
  text: string;
  /** Its shape: every placeholder as `{}`, to compare with a catalog message whatever the placeholders' names. */
  shape: string;
  /** Where it is thrown: `path:line`. */
  at: string;
}

/** zod's methods that take a message: as their only argument, or after the limit (`.min(8, "...")`). */
const ZOD_METHODS = new Set([
  "min",
  "max",
  "length",
  "gt",
  "gte",
  "lt",
  "lte",
  "regex",
  "refine",
  "superRefine",
  "email",
  "int",
  "positive",
  "nonnegative",
  "nonempty",
  "multipleOf",
  "addIssue",
]);
/** zod's methods whose first text is a value, not a message. */
const ZOD_VALUES = new Set(["literal", "enum", "discriminatedUnion", "templateLiteral"]);

const MESSAGE_KEYS = new Set(["message", "error"]);
/** Properties that hold a refusal's text elsewhere than at its throw (`uploadRules[kind].typeMessage`). */
const MESSAGE_PROPERTIES = new Set(["typeMessage"]);

/** The shape of a catalog message or of a thrown text: its placeholders all `{}`. */
export const shapeOf = (text: string): string => text.replace(/\{[^{}]*\}/g, "{}");

function placeholderName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  if (ts.isCallExpression(expression)) return placeholderName(expression.expression);
  return "value";
}

/** A text written in the source: a literal, a template, or literals and templates joined with `+`. */
function textOf(expression: ts.Expression): { text: string; shape: string } | null {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return { text: expression.text, shape: shapeOf(expression.text) };
  if (ts.isTemplateExpression(expression)) {
    let text = expression.head.text;
    let shape = expression.head.text;
    for (const span of expression.templateSpans) {
      text += `{${placeholderName(span.expression)}}${span.literal.text}`;
      shape += `{}${span.literal.text}`;
    }
    return { text, shape };
  }
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textOf(expression.left);
    const right = textOf(expression.right);
    return left && right ? { text: left.text + right.text, shape: left.shape + right.shape } : null;
  }
  return null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`) && !file.includes(`${path.sep}compiled${path.sep}`));
}

/** Every refusal's English in the files under `dirs` (relative to `root`), tests and test helpers left out. */
export function thrownMessages(root: string, dirs: readonly string[], unresolved: string[] = []): ThrownMessage[] {
  const sources = dirs
    .flatMap((dir) => filesUnder(path.join(root, dir)))
    .map((file) => ({
      file: path.relative(root, file),
      source: ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true),
    }));

  // Named texts (`const EMAIL_NOT_VERIFIED = "..."`), wherever declared: a refusal often throws a constant.
  // Named texts (`const EMAIL_NOT_VERIFIED = "..."`), texts of a named object (`contactTexts.tooMany`) and functions
  // that build one (`tooManyAttempts(wait)`), wherever declared: a refusal often throws one of them.
  const constants = new Map<string, ts.Expression>();
  const builders = new Map<string, ts.Expression[]>();
  const returnsOf = (body: ts.ConciseBody): ts.Expression[] => {
    if (!ts.isBlock(body)) return [body];
    const found: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return found;
  };
  for (const { source } of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let init = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        const name = node.name.text;
        if (
          ts.isStringLiteral(init) ||
          ts.isNoSubstitutionTemplateLiteral(init) ||
          ts.isTemplateExpression(init) ||
          ts.isIdentifier(init)
        )
          constants.set(name, init);
        // `const refused = whyNotBookable(...)`: what the function returns, looked up in this file only.
        if (ts.isCallExpression(init)) constants.set(`${source.fileName}#${name}`, init);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) builders.set(name, returnsOf(init.body));
        if (ts.isObjectLiteralExpression(init)) {
          for (const property of init.properties) {
            if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
              continue;
            const value = property.initializer;
            const key = `${name}.${property.name.text}`;
            if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) builders.set(key, returnsOf(value.body));
            else constants.set(key, value);
          }
        }
      }
      if (ts.isFunctionDeclaration(node) && node.name && node.body) builders.set(node.name.text, returnsOf(node.body));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const nameOf = (expression: ts.Expression): string | null =>
    ts.isIdentifier(expression)
      ? expression.text
      : ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)
        ? `${expression.expression.text}.${expression.name.text}`
        : null;

  // A parameter (`oneOfNumbers(values, message)`): what the function's callers give it, in any file.
  const calls = new Map<string, ts.CallExpression[]>();
  for (const { source } of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression))
        calls.set(node.expression.text, [...(calls.get(node.expression.text) ?? []), node]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const argumentsFor = (identifier: ts.Identifier): ts.Expression[] => {
    for (let node: ts.Node | undefined = identifier.parent; node; node = node.parent) {
      if (!ts.isFunctionLike(node)) continue;
      const index = node.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text);
      if (index < 0) continue;
      const fn =
        ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
          ? node.parent.name.text
          : ts.isFunctionDeclaration(node)
            ? node.name?.text
            : undefined;
      const given = (fn ? (calls.get(fn) ?? []) : []).flatMap((call) => call.arguments[index] ?? []);
      const fallback = node.parameters[index]?.initializer;
      return fallback ? [...given, fallback] : given;
    }
    return [];
  };

  const found: ThrownMessage[] = [];
  for (const { file, source } of sources) {
    const add = (expression: ts.Expression | undefined, seen = new Set<string>()): void => {
      if (!expression) return;
      const at = `${file}:${source.getLineAndCharacterOfPosition(expression.getStart()).line + 1}`;
      const text = textOf(expression);
      if (text) {
        found.push({ ...text, at });
      } else if (ts.isConditionalExpression(expression)) {
        add(expression.whenTrue, seen);
        add(expression.whenFalse, seen);
      } else if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) {
        add(expression.expression, seen);
      } else if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
        add(expression.right, seen);
      } else if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
        const name = nameOf(expression);
        const constant =
          name && !seen.has(name) ? (constants.get(`${source.fileName}#${name}`) ?? constants.get(name)) : undefined;
        const fields = name ? constants.get(`${name}.message`) : undefined;
        const passed = ts.isIdentifier(expression) && !constant ? argumentsFor(expression) : [];
        if (name && constant) add(constant, new Set([...seen, name]));
        else if (name && fields && !seen.has(name)) add(fields, new Set([...seen, name]));
        else if (passed.length > 0 && name && !seen.has(name))
          for (const argument of passed) add(argument, new Set([...seen, name]));
        else unresolved.push(`${at} ${expression.getText()}`);
      } else if (
        ts.isCallExpression(expression) &&
        ts.isPropertyAccessExpression(expression.expression) &&
        expression.expression.name.text === "trim"
      ) {
        add(expression.expression.expression, seen);
      } else if (ts.isCallExpression(expression)) {
        const name = nameOf(expression.expression);
        if (name && !seen.has(name)) for (const built of builders.get(name) ?? []) add(built, new Set([...seen, name]));
      } else {
        unresolved.push(`${at} ${expression.getText()}`);
      }
    };
    const messageOf = (object: ts.Expression | undefined): void => {
      if (!object || !ts.isObjectLiteralExpression(object)) return;
      for (const property of object.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && MESSAGE_KEYS.has(property.name.text))
          add(property.initializer);
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPERTIES.has(node.name.text))
        add(node.initializer);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        if (node.expression.text === "AppError") add(node.arguments?.[1]);
        if (node.expression.text === "TRPCError") messageOf(node.arguments?.[0]);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const onZod = ts.isIdentifier(node.expression.expression) && node.expression.expression.text === "z";
        if (ZOD_METHODS.has(method) || onZod) {
          node.arguments.forEach((argument, index) => {
            if (ts.isObjectLiteralExpression(argument)) messageOf(argument);
            // `.min(8, "...")`, `.refine(fn, "...")`, `.email("...")`: a text argument is the message.
            else if (
              ts.isStringLiteral(argument) ||
              ts.isTemplateExpression(argument) ||
              ts.isIdentifier(argument) ||
              ts.isPropertyAccessExpression(argument)
            ) {
              const takesValueFirst = onZod
                ? ZOD_VALUES.has(method)
                : !["email", "int", "positive", "nonnegative", "nonempty"].includes(method);
              if (index === 0 && takesValueFirst) return;
              add(argument);
            }
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
