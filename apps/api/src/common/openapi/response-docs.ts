import type { OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CONSOLE_HTTP_STATUS, ERROR_CODE_KEYS, ERROR_CODES, SESSION_ERROR_CODES, SUCCESS_CODE, translate, type ErrorCode } from '@sum28/contracts';
import { RESPONSE_SCHEMAS } from './response-schemas.generated';

/**
 * Marks the method whose answer a route served outside Nest sends as `data` (operation id as Nest would
 * name it): scripts/openapi-schemas.js reads its return type for the document. No effect at run time.
 */
export function DocumentedOperation(operationId: string): MethodDecorator {
  void operationId;
  return () => undefined;
}

const PLAYER_PREFIX = '/index.php/api/';
const CONSOLE_PREFIX = '/admin-api/';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `| code | error | console HTTP | message (en) |`, one row per error code. */
export function errorCodeTable(): string {
  const rows = ERROR_CODE_KEYS.map((k) => `| ${ERROR_CODES[k]} | \`${k}\` | ${CONSOLE_HTTP_STATUS[k]} | ${translate('en', k).replace(/\|/g, '\\|')} |`);
  return ['| code | error | console HTTP | message (en; `msg` is in the request’s `lang`) |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

const ENVELOPE_FIELDS: Record<string, SchemaObject> = {
  msg: { type: 'string', description: 'Human text in the request’s `lang` (zh, tw, en, jp, kor; default tw).' },
  time: { type: 'integer', description: 'Server time of the answer, Unix seconds.' },
};

/** The components every operation refers to: the error envelope and the console error body. */
function baseComponents(): Record<string, SchemaObject> {
  return {
    ErrorEnvelope: {
      type: 'object',
      description: `A refused player call: HTTP 200 with a code other than ${SUCCESS_CODE}, \`data: null\`, the stable key in \`error\`. Codes:\n\n${errorCodeTable()}`,
      properties: {
        code: { type: 'integer', enum: ERROR_CODE_KEYS.map((k) => ERROR_CODES[k]) },
        ...ENVELOPE_FIELDS,
        data: { type: 'object', nullable: true, description: 'always null' },
        error: { type: 'string', enum: [...ERROR_CODE_KEYS] },
        params: {
          type: 'object',
          additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          description: 'Values interpolated into `msg`, when it has placeholders; for VALIDATION_FAILED `field` and `reason`.',
        },
      },
      required: ['code', 'msg', 'time', 'data', 'error'],
    },
    ConsoleError: {
      type: 'object',
      description: 'A refused console call (4xx): the translated message (header `X-Lang`), the stable key and, for validation, the field errors.',
      properties: {
        message: { type: 'string' },
        error: { type: 'string', enum: [...ERROR_CODE_KEYS] },
        code: { type: 'integer', enum: ERROR_CODE_KEYS.map((k) => ERROR_CODES[k]) },
        errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'field -> reason' },
      },
      required: ['message', 'error'],
    },
  };
}

function successEnvelope(data: SchemaObject | ReferenceObject): SchemaObject {
  return {
    type: 'object',
    properties: { code: { type: 'integer', enum: [SUCCESS_CODE] }, ...ENVELOPE_FIELDS, data },
    required: ['code', 'msg', 'time', 'data'],
  };
}

function playerResponses(op: OperationObject, data: SchemaObject | ReferenceObject): void {
  const authed = (op.parameters ?? []).some((p) => 'name' in p && p.name === 'token');
  const session = authed ? ` Without a live session: ${SESSION_ERROR_CODES.map((k) => `${ERROR_CODES[k]} (${k})`).join(', ')}.` : '';
  op.responses = {
    ...op.responses,
    '200': {
      description: `The envelope: \`code\` ${SUCCESS_CODE} with \`data\`, or a refusal (\`ErrorEnvelope\`, still HTTP 200; VALIDATION_FAILED and UNKNOWN_FIELD name the field).${session}`,
      content: { 'application/json': { schema: { oneOf: [successEnvelope(data), { $ref: '#/components/schemas/ErrorEnvelope' }] } } },
    },
    '429': { description: 'Too many requests (transport fault, no envelope guarantees).' },
  };
  delete op.responses['201'];
}

function consoleResponses(op: OperationObject, path: string, data: SchemaObject | ReferenceObject): void {
  const ok: ResponseObject = {
    description: path.endsWith('export.csv') ? 'CSV export of the filtered list' : 'The answer (lists: ra-data-simple-rest, total in `Content-Range`)',
    content: path.endsWith('export.csv') ? { 'text/csv': { schema: data } } : { 'application/json': { schema: data } },
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const k of ERROR_CODE_KEYS) byStatus.set(CONSOLE_HTTP_STATUS[k], [...(byStatus.get(CONSOLE_HTTP_STATUS[k]) ?? []), k]);
  const errors: Record<string, ResponseObject> = {};
  for (const [status, keys] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    errors[String(status)] = {
      description: `Refused: ${keys.map((k) => `${ERROR_CODES[k]} ${k}`).join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ConsoleError' } } },
    };
  }
  const existing = op.responses ?? {};
  // Nest's default: 201 for POST (unless @HttpCode), 200 otherwise.
  const status = existing['201'] !== undefined ? '201' : '200';
  op.responses = { ...existing, [status]: ok, ...errors };
}

/** The generated schema of `Controller_method` (Nest's operationId; `_<verb>` appended when one handler serves several verbs). */
function schemaOf(operationId: string | undefined): SchemaObject | ReferenceObject {
  if (operationId === undefined) return {};
  return RESPONSE_SCHEMAS.operations[operationId] ?? RESPONSE_SCHEMAS.operations[operationId.replace(/_(get|post|put|patch|delete)$/, '')] ?? {};
}

const hasContent = (r: ResponseObject | ReferenceObject | undefined): boolean => r !== undefined && 'content' in r && r.content !== undefined;

/**
 * Fills every operation's responses from the generated schemas (scripts/openapi-schemas.js): the player
 * API's envelope around the contract type, or the console's view type, plus every error code.
 */
export function describeResponses(doc: OpenAPIObject): OpenAPIObject {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...RESPONSE_SCHEMAS.components, ...baseComponents() } };
  doc.info.description = `${doc.info.description ?? ''}\n\n## Error codes\n\n${errorCodeTable()}`;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const data = schemaOf(op.operationId);
      if (path.startsWith(PLAYER_PREFIX)) playerResponses(op, data);
      else if (path.startsWith(CONSOLE_PREFIX)) consoleResponses(op, path, data);
      // Ops routes: JSON of the return type, unless the controller documents its own answer (e.g. /metrics, text).
      else if (!hasContent(op.responses?.['200']))
        op.responses = { ...op.responses, '200': { description: 'OK', content: { 'application/json': { schema: data } } } };
    }
  }
  return doc;
}
