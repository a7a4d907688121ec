#!/usr/bin/env node
/**
 * Writes apps/api/src/common/openapi/response-schemas.generated.ts: the JSON schema of what every
 * controller method answers, derived by the TypeScript checker from the method's declared return type
 * (the contract types of libs/contracts for the player API, the console's view types for /admin-api),
 * so the OpenAPI document cannot drift from the code. `Promise<T>` and `WithMessage<T>` are unwrapped;
 * named interfaces and type aliases become components (`#/components/schemas/Name`) with their JSDoc.
 *
 *   node scripts/openapi-schemas.js          # write the file
 *   node scripts/openapi-schemas.js --check  # exit 1 when the file is not current
 *
 * `generateResponseSchemas()` is exported for the test that checks the file is current.
 */
'use strict';
const ts = require('typescript');
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const OUT = join(ROOT, 'apps', 'api', 'src', 'common', 'openapi', 'response-schemas.generated.ts');
const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);
const CONTROLLER_DECORATORS = new Set(['Controller', 'ConsoleController']);

function program() {
  const configPath = join(ROOT, 'apps', 'api', 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('cannot read apps/api/tsconfig.build.json');
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

function decoratorNames(node) {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return decorators.map((d) => (ts.isCallExpression(d.expression) ? d.expression.expression.getText() : d.expression.getText()));
}

function generateResponseSchemas() {
  const prog = program();
  const checker = prog.getTypeChecker();
  const components = {};
  const names = new Map(); // ts.Symbol -> component name

  const doc = (symbol) => (symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : '');
  const withDoc = (schema, description) => (description ? { ...schema, description } : schema);

  function componentName(symbol) {
    if (names.has(symbol)) return names.get(symbol);
    let name = symbol.getName();
    const taken = new Set(names.values());
    for (let i = 2; taken.has(name); i++) name = `${symbol.getName()}${i}`;
    names.set(symbol, name);
    return name;
  }

  /** A named, non-generic interface or type alias of ours (worth a component). */
  function namedSymbol(type) {
    const alias = type.aliasSymbol;
    if (alias && !(type.aliasTypeArguments && type.aliasTypeArguments.length) && ours(alias)) return alias;
    const s = type.getSymbol();
    if (s && s.flags & ts.SymbolFlags.Interface && !(type.typeArguments && type.typeArguments.length) && ours(s)) return s;
    return null;
  }

  function ours(symbol) {
    const d = symbol.declarations && symbol.declarations[0];
    if (!d) return false;
    const file = d.getSourceFile().fileName;
    return !file.includes('node_modules') || file.includes('@sum28');
  }

  function nullable(schema) {
    if (schema.$ref) return { allOf: [schema], nullable: true };
    return { ...schema, nullable: true };
  }

  function schemaOf(type, depth = 0) {
    if (depth > 40) return {};
    const named = namedSymbol(type);
    if (named && !(type.flags & ts.TypeFlags.Union && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))) {
      const name = componentName(named);
      if (!(name in components)) {
        components[name] = {}; // placeholder against cycles
        components[name] = withDoc(structural(type, depth), doc(named));
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return structural(type, depth);
  }

  function structural(type, depth) {
    const f = type.flags;
    if (f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown) return {};
    if (f & ts.TypeFlags.Null) return { type: 'object', nullable: true, description: 'always null' };
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { type: 'object', nullable: true, description: 'always null' };
    if (f & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [type.value] };
    if (f & ts.TypeFlags.NumberLiteral) return { type: Number.isInteger(type.value) ? 'integer' : 'number', enum: [type.value] };
    if (f & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', enum: [type.intrinsicName === 'true'] };
    if (f & ts.TypeFlags.String || f & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.BigInt) return { type: 'integer' };
    if (f & ts.TypeFlags.Union) return union(type.types, depth);
    if (f & ts.TypeFlags.Intersection) return { allOf: type.types.map((t) => schemaOf(t, depth + 1)) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type).map((t) => schemaOf(t, depth + 1));
      const distinct = [...new Map(items.map((i) => [JSON.stringify(i), i])).values()];
      return { type: 'array', items: distinct.length === 1 ? distinct[0] : { oneOf: distinct }, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) return { type: 'array', items: schemaOf(checker.getTypeArguments(type)[0], depth + 1) };
    if (f & ts.TypeFlags.Object) {
      const properties = {};
      const required = [];
      for (const p of checker.getPropertiesOfType(type)) {
        const decl = p.valueDeclaration ?? (p.declarations && p.declarations[0]);
        const pt = decl ? checker.getTypeOfSymbolAtLocation(p, decl) : checker.getTypeOfSymbol(p);
        if (pt.getCallSignatures().length > 0) continue; // methods are not data
        const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
        const t = optional ? checker.getNonNullableType(pt) : pt;
        properties[p.getName()] = withDoc(schemaOf(t, depth + 1), doc(p));
        if (!optional) required.push(p.getName());
      }
      const schema = { type: 'object', properties };
      if (required.length) schema.required = required;
      const index = checker.getIndexInfosOfType(type)[0];
      if (index) schema.additionalProperties = schemaOf(index.type, depth + 1);
      if (!Object.keys(properties).length && !index) schema.additionalProperties = false;
      return schema;
    }
    return {};
  }

  function union(types, depth) {
    const hasNull = types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
    const rest = types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const bools = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    let schema;
    if (others.length > 0 && others.every((t) => t.flags & ts.TypeFlags.StringLiteral) && bools.length === 0) {
      schema = { type: 'string', enum: others.map((t) => t.value) };
    } else if (others.length > 0 && others.every((t) => t.flags & ts.TypeFlags.NumberLiteral) && bools.length === 0) {
      schema = { type: 'integer', enum: others.map((t) => t.value) };
    } else {
      const parts = others.map((t) => schemaOf(t, depth + 1));
      if (bools.length === 2) parts.push({ type: 'boolean' });
      else if (bools.length === 1) parts.push(structural(bools[0], depth));
      if (parts.length === 0) return { type: 'object', nullable: true, description: 'always null' };
      schema = parts.length === 1 ? parts[0] : { oneOf: parts };
    }
    return hasNull ? nullable(schema) : schema;
  }

  /** Promise<T> -> T, WithMessage<T> -> T. */
  function unwrap(type) {
    for (;;) {
      const s = type.getSymbol();
      const name = s && s.getName();
      if ((name === 'Promise' || name === 'WithMessage') && type.typeArguments && type.typeArguments.length === 1) type = type.typeArguments[0];
      else return type;
    }
  }

  const operations = {};

  /**
   * A console resource made by `crudController({ name, def, remove, ... })` (console/common/crud.controller.ts):
   * its routes answer the view type of `def` (list: an array of it, csv: text), as the hand-written
   * controllers' return types did.
   */
  function crudOperations(init) {
    if (!init || !ts.isCallExpression(init) || init.expression.getText() !== 'crudController') return;
    const arg = init.arguments[0];
    if (!arg || !ts.isObjectLiteralExpression(arg)) return;
    const prop = (key) => arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === key);
    const name = prop('name');
    const def = prop('def');
    if (!name || !ts.isStringLiteral(name.initializer) || !def) throw new Error('crudController needs a literal name and a def');
    const defType = checker.getTypeAtLocation(def.initializer);
    const view = defType.getProperty('view');
    const viewType = view && checker.getTypeOfSymbolAtLocation(view, def.initializer).getCallSignatures()[0]?.getReturnType();
    if (!viewType) throw new Error(`${name.initializer.text}: no view type in def`);
    const c = name.initializer.text;
    operations[`${c}_list`] = { type: 'array', items: schemaOf(viewType) };
    operations[`${c}_csv`] = { type: 'string' };
    for (const m of ['get', 'create', 'update']) operations[`${c}_${m}`] = schemaOf(viewType);
    const remove = prop('remove');
    if (!remove || remove.initializer.kind !== ts.SyntaxKind.NullKeyword) operations[`${c}_remove`] = schemaOf(viewType);
  }
  /**
   * Read routes: a console resource made by `readController({ name, list, get, ... })`, or a controller class
   * decorated with `@ReadRoutes({ list, get, ... })` or `@ReadRoutes({ reader })` (both in
   * console/common/crud.controller.ts): list answers an array of the view its `list` (or the reader's) pages
   * (`Promise<Page<View>>`), csv text, get (unless null) the view.
   */
  function readRouteOperations(controller, arg) {
    if (!arg || !ts.isObjectLiteralExpression(arg)) return;
    const prop = (key) => arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === key);
    const list = prop('list');
    const reader = prop('reader');
    let listType;
    if (list) listType = checker.getTypeAtLocation(list.initializer);
    else if (reader) {
      // `reader: (c) => service`: the service's own list method
      const service = checker.getTypeAtLocation(reader.initializer).getCallSignatures()[0]?.getReturnType();
      const method = service && service.getProperty('list');
      listType = method && checker.getTypeOfSymbolAtLocation(method, reader.initializer);
    }
    if (!listType) throw new Error(`${controller}: read routes need a list or a reader`);
    const page = unwrap(listType.getCallSignatures()[0]?.getReturnType());
    const viewType = page && page.flags & ts.TypeFlags.Object ? checker.getTypeArguments(page)[0] : undefined;
    if (!viewType) throw new Error(`${controller}: list does not answer a Page of a view`);
    operations[`${controller}_list`] = { type: 'array', items: schemaOf(viewType) };
    operations[`${controller}_csv`] = { type: 'string' };
    const get = prop('get');
    if (!get || get.initializer.kind !== ts.SyntaxKind.NullKeyword) operations[`${controller}_get`] = schemaOf(viewType);
  }
  function readOperations(init) {
    if (!init || !ts.isCallExpression(init) || init.expression.getText() !== 'readController') return;
    const arg = init.arguments[0];
    if (!arg || !ts.isObjectLiteralExpression(arg)) return;
    const name = arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'name');
    if (!name || !ts.isStringLiteral(name.initializer)) throw new Error('readController needs a literal name');
    readRouteOperations(name.initializer.text, arg);
  }
  /** The argument of a class's `@ReadRoutes({...})`, if it has one. */
  function readRoutesArg(node) {
    const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
    const d = decorators.find((x) => ts.isCallExpression(x.expression) && x.expression.expression.getText() === 'ReadRoutes');
    return d && d.expression.arguments[0];
  }
  for (const sf of prog.getSourceFiles()) {
    if (!sf.fileName.includes(join('apps', 'api', 'src')) || sf.isDeclarationFile) continue;
    ts.forEachChild(sf, function visit(node) {
      if (ts.isClassDeclaration(node) && node.name && decoratorNames(node).some((d) => CONTROLLER_DECORATORS.has(d))) {
        const readRoutes = readRoutesArg(node);
        if (readRoutes) readRouteOperations(node.name.text, readRoutes);
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member) || !decoratorNames(member).some((d) => HTTP_DECORATORS.has(d))) continue;
          const signature = checker.getSignatureFromDeclaration(member);
          if (!signature) continue;
          const answer = unwrap(checker.getReturnTypeOfSignature(signature));
          operations[`${node.name.text}_${member.name.getText()}`] = schemaOf(answer);
        }
      }
      // A route served outside Nest (e.g. the heartbeat, a native Fastify route): the method marked
      // `@DocumentedOperation('Controller_method')` answers what the route sends in `data`.
      if (ts.isClassDeclaration(node))
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member) || !ts.canHaveDecorators(member)) continue;
          for (const d of ts.getDecorators(member) ?? []) {
            if (!ts.isCallExpression(d.expression) || d.expression.expression.getText() !== 'DocumentedOperation') continue;
            const id = d.expression.arguments[0];
            if (!id || !ts.isStringLiteral(id)) throw new Error('DocumentedOperation needs a literal operation id');
            const signature = checker.getSignatureFromDeclaration(member);
            if (signature) operations[id.text] = schemaOf(unwrap(checker.getReturnTypeOfSignature(signature)));
          }
        }
      if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations) {
          crudOperations(d.initializer);
          readOperations(d.initializer);
        }
    });
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { components: sorted(components), operations: sorted(operations) };
}

/** The file's text, formatted by the repository's prettier settings (so `npm run format:check` passes). */
async function render(schemas) {
  const prettier = require('prettier');
  const text = [
    `// Generated by scripts/openapi-schemas.js from the controllers' return types; do not edit.`,
    `// Regenerate after changing a contract or view type: node scripts/openapi-schemas.js`,
    `import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';`,
    ``,
    `export const RESPONSE_SCHEMAS: { components: Record<string, SchemaObject>; operations: Record<string, SchemaObject | ReferenceObject> } = ${JSON.stringify(schemas, null, 2)};`,
    ``,
  ].join('\n');
  const options = (await prettier.resolveConfig(OUT)) ?? {};
  return prettier.format(text, { ...options, filepath: OUT });
}

module.exports = { generateResponseSchemas, render, OUT };

async function main() {
  const text = await render(generateResponseSchemas());
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUT, 'utf8');
    } catch {
      /* missing */
    }
    if (current !== text) {
      console.error(`${relative(ROOT, OUT)} is not current: run node scripts/openapi-schemas.js`);
      process.exit(1);
    }
    console.log('response schemas are current');
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${relative(ROOT, OUT)}`);
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
