import fs from "node:fs";
import { writeCatalogue } from "./bench/import.bench";
fs.rmSync("/tmp/bench5k", { recursive: true, force: true });
fs.mkdirSync("/tmp/bench5k");
console.log(await writeCatalogue("/tmp/bench5k"));
