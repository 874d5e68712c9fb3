/** The heap limit of an import, in MiB (scripts/admin.mjs). */
export declare const IMPORT_HEAP_MB: number;
/** The flags `node` starts an admin command with. */
export declare function nodeFlagsFor(command: string | undefined, nodeOptions?: string): string[];
