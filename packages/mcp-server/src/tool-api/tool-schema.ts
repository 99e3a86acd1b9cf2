// A tool's input and output schemas in the form the SDK's McpServer.registerTool takes: a Standard
// Schema with JSON Schema (`~standard.validate` + `~standard.jsonSchema`). The SDK validates
// arguments and structuredContent through `validate` and lists `jsonSchema`; we fill both from
// the tool definition:
// - `validate` of the input is the zod schema and then the tool's `check` (the core's rules
//   across fields), and a refusal is one issue whose message names every argument and rule
//   (tool-errors.ts), so the model reads what it read before the move to registerTool;
// - `jsonSchema` is json-schema.ts's pruned conversion, not zod's raw one: given the zod schemas,
//   the SDK would list z.toJSONSchema's output, several times the tokens (the README's figures,
//   measured by test/unit/readme-figures.test.ts).
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { checkToolArguments } from './call-tool.ts';
import { toolJsonSchema } from './json-schema.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { describeProblems } from './tool-errors.ts';

type Json = Record<string, unknown>;

/** What the SDK reads of a schema: validation and the JSON Schema for tools/list. */
function standardSchema<T>(
  validate: (value: unknown) => { value: T } | { issues: { message: string }[] },
  json: { input: Json; output: Json },
): StandardSchemaWithJSON<T, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'trackerkit',
      validate,
      jsonSchema: { input: () => json.input, output: () => json.output },
    },
  };
}

export interface ToolSchemas {
  inputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  outputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
}

// Built once per tool for the process: every HTTP request makes its own server, and a tool's
// schemas never change.
const built = new WeakMap<ToolDefinition, ToolSchemas>();

/** The text the SDK puts after "Invalid arguments for tool <name>: " when arguments are refused. */
function argumentIssue(toolName: string, problems: Parameters<typeof describeProblems>[0]): string {
  return `${describeProblems(problems)}. Correct them and call ${toolName} again.`;
}

type Args = Record<string, unknown>;

export function toolSchemas(tool: ToolDefinition): ToolSchemas {
  const known = built.get(tool);
  if (known) return known;
  const input = toolJsonSchema(tool.input, 'input');
  const output = toolJsonSchema(tool.output, 'output');
  const schemas: ToolSchemas = {
    inputSchema: standardSchema<Args>(
      (value) => {
        const checked = checkToolArguments(tool, value);
        return checked.ok
          ? { value: checked.args }
          : { issues: [{ message: argumentIssue(tool.name, checked.problems) }] };
      },
      { input, output: input },
    ),
    // The SDK checks structuredContent against this before a result leaves (isError results
    // excepted): a handler that breaks its own output schema is an error result, not bad data.
    outputSchema: standardSchema<Args>(
      (value) => {
        const parsed = (tool.output as z.ZodType).safeParse(value);
        if (parsed.success) return { value: value as Args };
        return {
          issues: parsed.error.issues.map((issue) => ({
            message: `${issue.path.join('.') || '(root)'}: ${issue.message}`,
          })),
        };
      },
      { input: output, output },
    ),
  };
  built.set(tool, schemas);
  return schemas;
}
