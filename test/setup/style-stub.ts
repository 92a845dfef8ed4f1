/** Stands for a stylesheet a client component imports: Vite bundles CSS, Jest has nothing to do with it. */
export {};
