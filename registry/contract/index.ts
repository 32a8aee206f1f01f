export * from "./enums";
export * from "./envelope";
export * from "./phone";
export * from "./registration";
export * from "./us-states";
export * from "./schemas";
export * from "./validation-keys";
export * from "./accounts";
