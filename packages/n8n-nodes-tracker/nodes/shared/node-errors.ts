import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ParamError } from './param-error';

/** Runs pure mapping code; a bad parameter becomes a NodeOperationError carrying the item index. */
export function mapParams<T>(context: IExecuteFunctions, itemIndex: number, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ParamError) {
      throw new NodeOperationError(context.getNode(), error.message, {
        itemIndex,
        description: `Fix the parameter "${error.field}"; no request was sent.`,
      });
    }
    throw toNodeError(context.getNode(), error, itemIndex);
  }
}

/** n8n's own errors pass through; anything else is wrapped so the UI shows node and item. */
export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex?: number,
): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  return new NodeOperationError(node, error as Error, { itemIndex });
}

export function idParameter(
  context: IExecuteFunctions,
  name: string,
  itemIndex: number,
  label: string,
): string {
  const value = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) {
    throw new NodeOperationError(context.getNode(), `${label} is required`, { itemIndex });
  }
  return encodeURIComponent(id);
}
