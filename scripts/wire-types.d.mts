export const SCHEMA_DIRS: string[];
export const OUTPUT: string;
export function typeName(id: string): string;
export function readSchemas(
  root: string,
  dirs?: string[],
): { file: string; schema: { $id: string } & Record<string, unknown> }[];
export function generateWireTypes(root?: string, dirs?: string[]): Promise<string>;
