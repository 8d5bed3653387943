import type { FastifySchemaValidationError } from 'fastify';
import { Messages } from '../../contract/messages';

/** The field an Ajv error is about: `/a/b` -> `a.b`, or the missing property for `required`. */
function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.params.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || '请求';
}

/** A Chinese message naming the field, e.g. '参数错误：mobile 格式不正确'. */
export function validationMessage(errors: readonly FastifySchemaValidationError[]): string {
  const error = errors[0];
  const prefix = `${Messages.paramInvalid}：`;
  if (!error) return `${prefix}请求格式不正确`;
  const field = fieldOf(error);
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return `${prefix}缺少 ${field}`;
    case 'type':
      return `${prefix}${field} 类型不正确`;
    case 'maxLength':
      return `${prefix}${field} 长度不能超过 ${String(limit)}`;
    case 'minLength':
      return `${prefix}${field} 长度不能少于 ${String(limit)}`;
    case 'maximum':
    case 'minimum':
    case 'enum':
      return `${prefix}${field} 取值不正确`;
    default:
      return `${prefix}${field} 格式不正确`;
  }
}
