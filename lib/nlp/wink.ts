import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

// One wink-nlp instance per pipeline for the whole process. Loading the English lite model mutates
// it, and a process that evaluates our modules again (vitest runs each test file in the same worker
// with fresh modules, but node_modules stay cached) would load it once per file until its strings
// overflow ("RangeError: Invalid string length"). Kept on globalThis so a module evaluated twice
// finds the instance the first evaluation made.

type Wink = ReturnType<typeof winkNLP>;
type Pipe = "sbd" | "pos" | "ner" | "negation" | "sentiment" | "cer";

const CACHE = Symbol.for("leadpipe.wink-nlp");
const store = globalThis as unknown as { [CACHE]?: Map<string, Wink> };

/** wink-nlp with the English lite model and these pipes, made once per process. */
export function wink(pipes: Pipe[]): Wink {
  const cache = (store[CACHE] ??= new Map());
  const key = pipes.join(",");
  let nlp = cache.get(key);
  if (!nlp) {
    nlp = winkNLP(model, pipes);
    cache.set(key, nlp);
  }
  return nlp;
}
