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
    .map((file) => ({ source: ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true) }));

  // Named texts (`const EMAIL_NOT_VERIFIED = "..."`), texts of a `const` object (`articleMessages.contentMin`, nested
  // too) and functions that build one (`tooManyAttempts(wait)`): a refusal often throws one of them. A text is looked
  // up where it is used: its own file's declarations, then what that file imports from a relative module (named, renamed
  // or `* as`, and re-exports), then, for a plain name or a property no other file also declares, wherever declared.
  const constants = new Map<string, ts.Expression>();
  const builders = new Map<string, ts.Expression[]>();
  /** `obj.key` of every file's `const` objects, to tell an unambiguous one from names several files declare. */
  const declaredIn = new Map<string, Set<string>>();
  /** Per file, its imports' local names: the module's file and the name there (`*` for a namespace). */
  const importsOf = new Map<string, Map<string, { file: string; name: string }>>();
  const scanned = new Set(sources.map(({ source }) => source.fileName));
  const moduleFile = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith(".")) return undefined;
    const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ""));
    return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((f) => scanned.has(f));
  };
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
  const unwrap = (expression: ts.Expression): ts.Expression => {
    let inner = expression;
    while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner))
      inner = inner.expression;
    return inner;
  };
  for (const { source } of sources) {
    const file = source.fileName;
    const imports = new Map<string, { file: string; name: string }>();
    importsOf.set(file, imports);
    /** A `const` object's texts (`name.key`, `name.key.inner`) and builders (`name.key(...)`), in this file. */
    const objectTexts = (name: string, object: ts.ObjectLiteralExpression): void => {
      for (const property of object.properties) {
        if (ts.isShorthandPropertyAssignment(property)) {
          const key = `${name}.${property.name.text}`;
          constants.set(`${file}#${key}`, property.name);
          declaredIn.set(key, new Set([...(declaredIn.get(key) ?? []), file]));
          continue;
        }
        if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          continue;
        const value = unwrap(property.initializer);
        const key = `${name}.${property.name.text}`;
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) builders.set(key, returnsOf(value.body));
        else if (ts.isObjectLiteralExpression(value)) objectTexts(key, value);
        else {
          constants.set(`${file}#${key}`, value);
          declaredIn.set(key, new Set([...(declaredIn.get(key) ?? []), file]));
        }
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause) {
        const from = moduleFile(file, node.moduleSpecifier.text);
        const bindings = node.importClause.namedBindings;
        if (from && bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { file: from, name: "*" });
        if (from && bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            imports.set(element.name.text, { file: from, name: (element.propertyName ?? element.name).text });
      }
      // `export { texts } from "./texts"`: the name is this file's to give, from there.
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = moduleFile(file, node.moduleSpecifier.text);
        if (from && node.exportClause && ts.isNamedExports(node.exportClause))
          for (const element of node.exportClause.elements)
            imports.set(element.name.text, { file: from, name: (element.propertyName ?? element.name).text });
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = unwrap(node.initializer);
        const name = node.name.text;
        if (
          ts.isStringLiteral(init) ||
          ts.isNoSubstitutionTemplateLiteral(init) ||
          ts.isTemplateExpression(init) ||
          ts.isIdentifier(init)
        ) {
          constants.set(name, init);
          constants.set(`${file}#${name}`, init);
        }
        // `const refused = whyNotBookable(...)`: what the function returns, looked up in this file only.
        if (ts.isCallExpression(init)) constants.set(`${file}#${name}`, init);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) builders.set(name, returnsOf(init.body));
        // Only a `const` object's texts are its for good; a `let` one's may be replaced.
        const isConst = ts.isVariableDeclarationList(node.parent) && (node.parent.flags & ts.NodeFlags.Const) !== 0;
        if (ts.isObjectLiteralExpression(init) && isConst) objectTexts(name, init);
      }
      if (ts.isFunctionDeclaration(node) && node.name && node.body) builders.set(node.name.text, returnsOf(node.body));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  /** `a`, `a.b`, `a.b.c` (a chain of names), or null. */
  const nameOf = (expression: ts.Expression): string | null => {
    if (ts.isIdentifier(expression)) return expression.text;
    if (!ts.isPropertyAccessExpression(expression)) return null;
    const object = nameOf(expression.expression);
    return object === null ? null : `${object}.${expression.name.text}`;
  };
  /** What `name` (`a` or `a.b.c`) stands for in `file`: see above. */
  const lookup = (file: string, name: string, hops = 0): ts.Expression | undefined => {
    const own = constants.get(`${file}#${name}`);
    if (own) return own;
    const [head = "", ...rest] = name.split(".");
    const imported = hops < 8 ? importsOf.get(file)?.get(head) : undefined;
    if (imported) {
      const there = imported.name === "*" ? rest.join(".") : [imported.name, ...rest].join(".");
      const found = there ? lookup(imported.file, there, hops + 1) : undefined;
      if (found) return found;
    }
    if (hops > 0) return undefined;
    if (rest.length === 0) return constants.get(name);
    const files = declaredIn.get(name);
    const only = files?.size === 1 ? [...files][0] : undefined;
    return only ? constants.get(`${only}#${name}`) : undefined;
  };

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
  for (const { source } of sources) {
    const add = (expression: ts.Expression | undefined, seen = new Set<string>()): void => {
      if (!expression) return;
      // A named text may be declared in another file: it is found, and said to be, where it is written.
      const written = expression.getSourceFile();
      const at = `${path.relative(root, written.fileName)}:${written.getLineAndCharacterOfPosition(expression.getStart()).line + 1}`;
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
        const short = nameOf(expression);
        const name = short && `${written.fileName}#${short}`;
        const constant = short && name && !seen.has(name) ? lookup(written.fileName, short) : undefined;
        const fields = short ? lookup(written.fileName, `${short}.message`) : undefined;
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
        // `{ message }`: the variable or parameter of that name.
        if (ts.isShorthandPropertyAssignment(property) && MESSAGE_KEYS.has(property.name.text)) add(property.name);
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
