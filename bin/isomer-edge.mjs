#!/usr/bin/env node
// The `isomer-edge` command as npm installs it (package.json `bin`): the built command in
// dist/cli/main.js, which reads the arguments and sets the exit status. From a clone, run
// `node --experimental-strip-types src/cli/main.ts` instead (docs/evals.md).
import '../dist/cli/main.js';
