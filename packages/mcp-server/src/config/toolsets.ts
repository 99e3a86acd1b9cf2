// The groups of tools an operator can choose to offer (--toolsets); each tool names its own.
export const TOOLSETS = ['spaces', 'trackers', 'runs', 'vault'] as const;
export type Toolset = (typeof TOOLSETS)[number];
