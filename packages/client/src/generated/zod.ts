// Generated from openapi/tracker-service.yaml by `pnpm generate`. Do not edit.
export {};
